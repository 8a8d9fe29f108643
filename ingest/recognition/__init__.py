"""OCR: text lines out of page images, put in reading order, with English words mended."""
