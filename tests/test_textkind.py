"""The text-kind rules both libraries use (`textkind`): one named table, blocks that say which rule typed them, and
one set of bullet marks read the same way by the plain-text reader, ingest's last pass and the sentence splitter."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ingest import Block, Origin, parse_text
from ingest.document import REASONS
from summarizer.text.sentences import split_sentences
from textkind import BULLET_MARKS, RULES, is_prose, not_prose, paragraph_rule

# No letters of Roman numerals: a line ending in one ("... xiv") reads as a contents entry with its page.
WORDS = st.text(alphabet="abdefghjkmnopqrstuwyz", min_size=3, max_size=9)


def test_every_rule_is_a_named_function_that_says_why():
    assert len({rule.name for rule in RULES}) == len(RULES)
    for rule in RULES:
        assert rule.test.__name__ != "<lambda>" and (rule.test.__doc__ or "").strip(), rule.name
        assert (rule.kind is not None) == (rule.asks == "paragraph"), rule.name


def test_a_block_typed_by_a_rule_carries_the_rules_name_and_the_readers_reason():
    paragraph_rules = [rule for rule in RULES if rule.asks == "paragraph"]
    assert {Origin(rule.name) for rule in paragraph_rules} <= set(Origin)
    assert set(REASONS) == set(Origin) and len(set(REASONS.values())) == len(REASONS)
    blocks = parse_text(
        "Results\n\nFigure 2: Latency of the three systems under load.\n\n"
        "[12] Lamport, L. The part-time parliament. ACM TOCS, 1998.\n\n"
        "The cache keeps the last hundred answers, so a repeated question is answered at once."
    ).blocks
    caption, reference, prose = blocks[1:]
    assert (caption.kind, caption.origin) == ("caption", Origin.CAPTION_OPENING)
    assert caption.reason == "it starts like a caption ('Figure 2:')"
    assert (reference.kind, reference.origin) == ("reference", Origin.REFERENCE_ENTRY)
    assert (prose.kind, prose.origin, prose.reason) == ("paragraph", None, "")


def test_a_plain_block_has_no_origin_and_no_reason():
    assert Block("paragraph", "Some text.").reason == ""
    assert Block("heading", "Scope", 1, origin=Origin.OUTLINE).reason == "the PDF's outline"


def test_the_sentence_rules_say_why_a_sentence_is_not_prose():
    assert not_prose("The council met on Monday and voted to build a new bridge.") == []
    assert is_prose("The council met on Monday and voted to build a new bridge.")
    assert "caption" in not_prose("Figure 3: The council voted to build a new bridge.")
    assert "copyright" in not_prose("© 2014 The council. All rights reserved for the new bridge.")
    assert "code" in not_prose("The loop calls get_value() until x != y holds again.")
    assert not is_prose("Figure 3: The council voted to build a new bridge.")


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    mark=st.sampled_from(BULLET_MARKS),
    items=st.lists(st.lists(WORDS, min_size=2, max_size=6).map(" ".join), min_size=2, max_size=5),
)
def test_every_bullet_mark_opens_a_list_item_everywhere(mark, items):
    """A list in plain text is read as list items, whichever mark it uses; the splitter ends a sentence at each."""
    text = "Shopping\n\n" + "\n".join(f"{mark} {item}" for item in items)
    blocks = parse_text(text).blocks
    assert [(b.kind, b.text) for b in blocks[1:]] == [("list_item", item) for item in items]
    assert paragraph_rule(f"{mark} {items[0]}").kind == "list_item"
    assert len(split_sentences("\n".join(f"{mark} {item}" for item in items))) == len(items)
