"""One reader per file format, each turning bytes into typed blocks; and telling the format from the bytes."""
