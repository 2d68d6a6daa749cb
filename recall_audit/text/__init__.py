"""The language toolkit: words, languages, WordNet and the CJK readers."""
