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
            "SUMMARIZER_HUB_TIMEOUT='soon' is not a number more than 0 and at most 86,400; give one, or unset it.",
        ),
        (
            {"SUMMARIZER_SERVE_PORT": "80.5"},
            "SUMMARIZER_SERVE_PORT='80.5' is not a whole number from 0 to 65,535; give one, or unset it.",
        ),
        (
            {"SUMMARIZER_ENGINE": "magic"},
            "SUMMARIZER_ENGINE='magic' is not one of auto, abstractive, extractive, openai; give one, or unset it.",
        ),
        (
            {"SUMMARIZER_BATCH_WAIT_MS": "1e400"},
            "SUMMARIZER_BATCH_WAIT_MS='1e400' is not a number from 0 to 60,000; give one, or unset it.",
        ),
        (
            {"SUMMARIZER_MAX_INPUT_CHARS": "-1"},
            "SUMMARIZER_MAX_INPUT_CHARS='-1' is not a whole number from 1 to 1,000,000,000; give one, or unset it.",
        ),
        (
            {"HF_HUB_OFFLINE": "soon"},
            "HF_HUB_OFFLINE='soon' is not one of 1, true, yes, on, 0, false, no, off; give one, or unset it.",
        ),
    ],
)
def test_a_value_that_cannot_be_read_names_its_variable(environ, message):
    with pytest.raises(InvalidOptionError) as raised:
        Settings.from_env(environ)
    assert str(raised.value) == message


def test_a_value_given_in_code_is_held_to_the_same_rule():
    with pytest.raises(InvalidOptionError) as raised:
        Settings(serve_num_cpus=float("nan"))
    assert str(raised.value) == "SUMMARIZER_SERVE_NUM_CPUS=nan is not a number from 0 to 1,000,000."
    with pytest.raises(InvalidOptionError, match=r"^SUMMARIZER_SERVE_PORT=70000 is not a whole number"):
        Settings.from_env({}, serve_port=70000)


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
