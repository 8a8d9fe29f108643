"""The one environment parser: every variable the summarizer reads is read by `Settings.from_env`."""

import ast
from pathlib import Path

import pytest

from summarizer import Settings
from summarizer.errors import InvalidOptionError

ROOT = Path(__file__).resolve().parents[2]
# Ray's own variables: Ray reads them itself; the cluster module mirrors its choice and sets them for Ray's children.
RAY_ONLY = ROOT / "summarizer" / "distributed" / "cluster.py"


def test_the_hugging_face_variables_are_settings():
    settings = Settings.from_env(
        {"HF_HUB_OFFLINE": "0", "TRANSFORMERS_OFFLINE": "yes", "HF_ENDPOINT": "http://hub.test", "HF_HOME": "/hf"}
    )
    assert settings.hub_offline and settings.hub_endpoint == "http://hub.test"
    assert settings.converted_models == Path("/hf/summarizer-ctranslate2")
    assert not Settings.from_env({"HF_HUB_OFFLINE": "0"}).hub_offline
    assert Settings.from_env({"HF_HOME": "/hf", "SUMMARIZER_CACHE_DIR": "/c"}).converted_models == Path(
        "/c/summarizer-ctranslate2"
    )
    assert Settings.from_env({"SUMMARIZER_CT2_CACHE": "/ct2", "HF_HOME": "/hf"}).converted_models == Path("/ct2")
    assert Settings.from_env({"XDG_CACHE_HOME": "/x"}).briefing_shelf == Path("/x/summarizer/briefing.json")


def test_settings_made_anew_keep_where_models_are_found_and_kept():
    here = Settings.from_env({"SUMMARIZER_CT2_CACHE": "/ct2", "HF_HUB_OFFLINE": "1", "SUMMARIZER_ENGINE": "extractive"})
    made = here.anew(model="m", engine="abstractive")
    assert (made.ct2_cache, made.hub_offline, made.engine, made.model) == ("/ct2", True, "abstractive", "m")


@pytest.mark.parametrize(
    "environ, message",
    [
        (
            {"SUMMARIZER_HUB_TIMEOUT": "soon"},
            "SUMMARIZER_HUB_TIMEOUT='soon' is not a number; give a number or unset it.",
        ),
        (
            {"SUMMARIZER_SERVE_PORT": "80.5"},
            "SUMMARIZER_SERVE_PORT='80.5' is not a whole number; give a whole number or unset it.",
        ),
        ({"SUMMARIZER_ENGINE": "magic"}, "Unknown engine 'magic'"),
    ],
)
def test_a_value_that_cannot_be_read_names_its_variable(environ, message):
    with pytest.raises(InvalidOptionError, match=message.replace("(", r"\(").replace(".", r"\.")):
        Settings.from_env(environ)


def _reads_environment(tree: ast.AST) -> bool:
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in ("environ", "getenv", "environb"):
            return True
        if isinstance(node, ast.ImportFrom) and node.module == "os":
            if any(alias.name in ("environ", "getenv") for alias in node.names):
                return True
    return False


def test_no_summarizer_module_but_the_settings_reads_the_environment():
    readers = [
        path.relative_to(ROOT).as_posix()
        for path in sorted((ROOT / "summarizer").rglob("*.py"))
        if path not in (ROOT / "summarizer" / "settings.py", RAY_ONLY)
        and _reads_environment(ast.parse(path.read_text()))
    ]
    assert readers == []
