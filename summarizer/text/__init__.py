"""Text processing the engines share: sentences, the prose filter, vectors, topics, key terms, grounding."""
