"""The summarizer on Ray: `serve` (an HTTP server of replicas holding the model) and `batch` (corpus jobs
on Ray Data: a JSONL file or a folder summarized into one resumable JSONL file).

Nothing here is imported by the app or the service; importing this package does not import Ray.
Install Ray with the `ray` extra: `pip install -e '.[ray]'` in the checkout.
"""
