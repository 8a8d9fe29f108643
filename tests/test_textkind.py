"""The text-kind rules both libraries use (`textkind`): one named table, blocks that say which rule typed them, and
one set of bullet marks read the same way by the plain-text reader, ingest's last pass and the sentence splitter."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ingest import Block, Origin, parse_text
from ingest.document import REASONS
from summarizer.text.sentences import split_sentences
from textkind import BULLET_MARKS, RULES, is_prose, looks_like_code, not_prose, paragraph_rule

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


ITEM_WORDS = st.sampled_from(
    ["Front", "matter", "overview", "Main", "body", "annexes", "the", "scope", "of", "Terms", "conformance", "model"]
)
ENUMERATORS = st.sampled_from(["{n}.", "{n})", "({n})", "{a})", "{a}.", "({a})", "{r}."])


@st.composite
def prose_list_items(draw):
    """An item of a prose list as a standard writes it: an enumerator, a few words, a parenthetical with numbers or
    a range of clauses, and the semicolon, comma or full stop that ends an item (or "; and")."""
    n = draw(st.integers(1, 40))
    enumerator = draw(ENUMERATORS).format(n=n, a="abcdefgh"[n % 8], r=["i", "ii", "iii", "iv", "v"][n % 5])
    words = " ".join(draw(st.lists(ITEM_WORDS, min_size=1, max_size=6)))
    low = draw(st.integers(1, 30))
    dash = draw(st.sampled_from(["–", "-", " to "]))
    remark = draw(
        st.sampled_from(
            [
                "",
                f" (clauses {low}{dash}{low + draw(st.integers(1, 5))})",
                f" (clause {low})",
                f" (see {low}.{draw(st.integers(1, 9))})",
                " (informative)",
                f" [Note: {words} ... end note]",
            ]
        )
    )
    end = draw(st.sampled_from([";", "; and", "; or", ",", ".", ""]))
    return f"{enumerator} {words}{remark}{end}"


@settings(max_examples=200, deadline=None)
@given(prose_list_items())
def test_an_item_of_a_prose_list_is_never_code(item):
    """Parentheses, digits and a closing semicolon are how a standard ends a list's item, not signs of code."""
    assert not looks_like_code(item)
    rule = paragraph_rule(item)
    assert rule is None or rule.kind != "code", (item, rule)


NAMES = st.from_regex(r"[a-z]{1,6}(?:_[a-z]{1,5})?", fullmatch=True).filter(
    lambda name: name not in ("if", "for", "while", "do", "else", "end", "fun", "let", "val")
)


@st.composite
def code_lines(draw):
    """A line of program text: an assignment, a call, a brace-opened block or a keyword's statement, in any of
    several languages' dress, some numbered like a listing's lines ("1. x = f(y);", "12 return x;")."""
    a, b, c = draw(NAMES), draw(NAMES), draw(NAMES)
    number = draw(st.integers(1, 99))
    line = draw(
        st.sampled_from(
            [
                f"{a} = {b}({c});",
                f"{a} = {b} + {number};",
                f"{a}({b}, {c});",
                f"if ({a} > {number}) {{",
                f"for ({a} = 0; {a} < {b}; {a}++) {{",
                f"while ({a} != {b}) {{",
                f"return {a}({b});",
                f"int {a} = {number};",
                f"def {a}({b}, {c}):",
                "}",
            ]
        )
    )
    prefix = draw(st.sampled_from(["", f"{number}. ", f"{number} ", "    "]))
    return prefix + line


@settings(max_examples=200, deadline=None)
@given(code_lines())
def test_program_text_is_still_code_with_or_without_a_listings_line_number(line):
    assert looks_like_code(line), line


def test_a_standards_list_of_parts_is_list_items_and_never_code():
    text = (
        "Organization\n\nThis document is divided into the following parts:\n\n"
        "1. Front matter (clauses 1–7);\n2. Overview and introductory material (clause 8–9);\n"
        "3. Main body (clauses 10–13);\n4. Annexes."
    )
    blocks = parse_text(text).blocks
    assert "code" not in [b.kind for b in blocks]
    assert any(b.text.startswith("Front matter") or "Front matter" in b.text for b in blocks)
