"""Real text in each common code page comes back with exactly its characters (no silent mojibake)."""

import pytest

from ingest.formats.plaintext import decode

SAMPLES = [
    ("cp1252", "The café’s owner said “bonjour” to every guest — and meant it. Tickets cost €20 each.", "’“”€"),
    ("latin-1", "À la fin de l'été, le garçon est allé à la fenêtre. Très élégant, il a mangé des crêpes.", "àèé"),
    ("iso8859-15", "Le cœur de l'œuvre coûte 45 € ; l'été dernier, c'était 40 € seulement.", "€œû"),
    ("cp1250", "Az első fejezetben a szerző részletesen leírja a tőzsde működését, és a gyűjtő említi.", "őű"),
    ("cp1250", "Žluťoučký kůň úpěl ďábelské ódy, řekl pan Novák v Brně.", "Žťůěř"),
    ("cp1252", "Die Größe der Straße ändert sich täglich; „Grüße“ an alle Übersetzer – schön.", "ßöä„“"),
    ("koi8-r", "Съешь же ещё этих мягких французских булок, да выпей чаю. Москва - столица России.", "Съешьё"),
    ("shift-jis", "今日は良い天気です。東京の桜がとても綺麗でした。また来年も見に行きたいと思います。", "今日東京桜"),
    ("gb18030", "今天天气很好，我们去公园散步吧。北京是中国的首都，有很多名胜古迹。", "北京首都，"),
    ("utf-16-le", "Grüße aus München — the café’s “best” cake costs €5.", "ü—’“€"),
    ("utf-16-be", "Grüße aus München — the café’s “best” cake costs €5.", "ü—’“€"),
]


@pytest.mark.parametrize("encoding, text, characters", SAMPLES)
def test_each_code_page_is_read_exactly(encoding, text, characters):
    decoded, _ = decode(text.encode(encoding), "notes.txt")
    assert decoded == text
    assert all(ch in decoded for ch in characters)


def test_the_old_mistakes_are_gone():
    english, english_encoding = decode("It’s “quoted” and costs €5.".encode("cp1252"), "a.txt")
    french, french_encoding = decode("Voilà l'été à Paris, très élégant.".encode("latin-1"), "b.txt")
    assert english == "It’s “quoted” and costs €5." and english_encoding == "cp1252"
    assert french == "Voilà l'été à Paris, très élégant." and french_encoding == "latin-1"
