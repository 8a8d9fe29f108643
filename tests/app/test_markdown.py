from ui.escaping import escape


def test_markup_in_untrusted_text_is_escaped():
    assert escape("<script>alert(1)</script>") == "\\<script\\>alert(1)\\</script\\>"
    assert escape("[click](javascript:alert(1))") == "\\[click\\](javascript:alert(1))"
    assert escape("# Not a heading") == "\\# Not a heading"
    assert escape("1. not a list") == "1\\. not a list"
    assert escape(":red[x] costs $5 *now*") == ":red\\[x\\] costs \\$5 \\*now\\*"
    assert escape("plain words, 3.5 per cent.") == "plain words, 3.5 per cent."
