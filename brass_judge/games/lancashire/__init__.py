"""Brass: Lancashire (Roxley 2018 edition, with the Classic 2007 variants as profiles)."""
