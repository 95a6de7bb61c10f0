"""The rulings database: load, look up, filter and search ``rulings/<game>.yaml``.

Pure data module: standard library only, plus PyYAML imported lazily (and only when the parsed
data is not already cached, see below). Every verdict of the engine cites rulings by id
(``Q001`` ... ``Q139``); the CLI (``brass-judge rulings``) and the engine both read them here.

Loading
    :func:`load_rulings` reads the YAML with ``yaml.CSafeLoader`` (``yaml.SafeLoader`` when
    libyaml is missing; never an unsafe loader) and returns ``{id: Ruling}`` in file order. It
    is cached for the life of the process. Importing PyYAML and parsing the 100 kB file costs
    about 45 ms, far more than everything else a ``rulings`` command does, so the parsed data is
    also kept as JSON in a per-user cache (``$XDG_CACHE_HOME/brass-judge`` or
    ``~/.cache/brass-judge``) under the SHA-256 of the YAML bytes: a changed file can never be
    served stale, and a cache that cannot be read or written is simply ignored. Set
    ``BRASS_JUDGE_NO_CACHE=1`` to bypass it.

    Start-up matters here (``brass-judge rulings show`` should cost little more than starting
    Python, benchmarks/README.md), so the module imports only cheap standard modules: no
    ``dataclasses``, ``typing`` or ``pathlib`` (each costs 5-20 ms to import); paths are plain
    strings, and :class:`Ruling` is a small hand-written immutable class.

Search (:func:`search`)
    Players ask in their own words ("can I take over someone's colliery when the market still
    has cubes?"), not in the answer's words, so plain substring matching fails. The approach is
    Okapi BM25 over each ruling's question, keywords, topics and answer (BM25F-style field
    weights 3 / 2 / 1 / 1), in pure Python, with a normalising pipeline applied identically to
    the documents and the query:

    1. fold case and accents (``Palamós`` = ``palamos``), ``£`` -> ``money``;
    2. multi-word phrases to one canonical token (``coal mine``/``colliery`` -> ``coalmine``,
       ``two-for-one``/``double action build`` -> ``dab``, ``turn over`` -> ``flip``, ...);
    3. stop words out, then a light suffix stemmer with a few irregular verbs
       (``built`` -> ``build``, ``sold`` -> ``sell``);
    4. typo repair for query words the index does not know: the closest index term within
       Damerau-Levenshtein distance 1 (2 for words of 7+ letters), ties broken by frequency;
    5. a small synonym table: exact synonyms map to one canonical token (money/cash/pounds/coins,
       pit/mine, replace/upgrade -> overbuild ...); looser relations (link ~ canal ~ rail,
       cotton ~ mill, score ~ vp) expand the query with a lower weight (0.4).

    The phrase, synonym and expansion tables of steps 2 and 5 are the searched game's words
    (:class:`_GameWords`): ``brass_judge/games/<game>/rulings_search.py`` of the game the rulings
    file declares (``game:``), read on that game's first search, without importing the game's
    package. A game without that file searches with none (the other steps still apply).

    Why this rather than SQLite FTS5: with 139 short documents the whole index is a few
    thousand postings; building it in Python costs a few milliseconds and needs no native
    extension, while FTS5 would still need the same synonym, typo and stemming layers on top
    (its porter tokenizer does not handle typos or synonyms, and not every Python build ships
    FTS5). BM25 is the standard, well-understood ranking function, and every step above is a
    small table or a dozen lines that can be read and tested. The measured hit rate on the
    player-question set in ``tests/test_rulings_search.py`` is recorded there and in
    ``docs/rulings.md``.
"""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Iterable

from .games import DEFAULT_GAME

__all__ = [
    "Ruling",
    "TOPICS",
    "AUTHORITIES",
    "ENGINE_CLASSES",
    "APPLIES_TO",
    "load_rulings",
    "get_ruling",
    "list_rulings",
    "search",
    "normalize_id",
]

TOPICS = (
    "setup",
    "components",
    "turn",
    "turn-order",
    "actions",
    "income",
    "loans",
    "scoring",
    "network",
    "links",
    "coal",
    "iron",
    "markets",
    "build",
    "overbuild",
    "sell",
    "distant-cotton-market",
    "develop",
    "shipyards",
    "era-end",
    "game-end",
    "variants",
    "other-maps",
    "etiquette",
    "beer",
    "merchants",
    "scout",
    "wild-cards",
)
AUTHORITIES = ("rulebook", "designer", "publisher", "community", "map-designer", "none", "project")
ENGINE_CLASSES = ("enforced", "informational", "variant", "out-of-scope", "planned")
APPLIES_TO = ("standard", "classic", "community-2p", "catalonia")

_CACHE_VERSION = 2  # 2: the cache names carry the rulings file's name (one cache per game's file)


class Ruling:
    """One answered question of the rulings database.

    Immutable, compared and hashed by value, like a frozen dataclass (written by hand because
    importing ``dataclasses`` costs more than loading the whole database, see the module doc).
    """

    _FIELDS = (
        "id",
        "question",
        "answer",
        "source",
        "authority",
        "topics",
        "applies_to",
        "engine",
        "related",
        "keywords",
    )
    __match_args__ = _FIELDS

    id: str
    question: str
    answer: str
    source: str | None
    authority: tuple[str, ...]
    topics: tuple[str, ...]
    applies_to: str
    engine: str
    related: tuple[str, ...]
    keywords: tuple[str, ...]

    def __init__(
        self,
        id: str,
        question: str,
        answer: str,
        source: str | None,  # noqa: A002
        authority: tuple[str, ...],
        topics: tuple[str, ...],
        applies_to: str,
        engine: str,
        related: tuple[str, ...] = (),
        keywords: tuple[str, ...] = (),
    ) -> None:
        d = self.__dict__
        d["id"], d["question"], d["answer"], d["source"] = id, question, answer, source
        d["authority"], d["topics"], d["applies_to"], d["engine"] = authority, topics, applies_to, engine
        d["related"], d["keywords"] = related, keywords

    def _astuple(self) -> tuple:
        d = self.__dict__
        return tuple(d[f] for f in self._FIELDS)

    def __setattr__(self, name: str, value) -> None:
        from dataclasses import FrozenInstanceError  # as a frozen dataclass does (rare: import here)

        raise FrozenInstanceError(f"cannot assign to field '{name}'")

    def __delattr__(self, name: str) -> None:
        from dataclasses import FrozenInstanceError

        raise FrozenInstanceError(f"cannot delete field '{name}'")

    def __eq__(self, other) -> bool:
        if other.__class__ is self.__class__:
            return self._astuple() == other._astuple()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._astuple())

    def __repr__(self) -> str:
        return "Ruling(" + ", ".join(f"{f}={getattr(self, f)!r}" for f in self._FIELDS) + ")"

    @property
    def number(self) -> int:
        return int(self.id[1:])

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "question": self.question,
            "answer": self.answer,
            "source": self.source,
            "authority": list(self.authority),
            "topics": list(self.topics),
            "applies_to": self.applies_to,
            "engine": self.engine,
            "related": list(self.related),
            "keywords": list(self.keywords),
        }


# --------------------------------------------------------------------------- loading


def _rulings_path(game: str | None = None) -> str:
    """``resources.rulings_file(game)`` (default: the default game), computed with ``os.path``
    (importing pathlib costs more than loading the rulings): the wheel's bundled copy first, then
    the source tree's."""
    game = game or DEFAULT_GAME
    package_dir = os.path.dirname(os.path.realpath(__file__))
    for top in (
        os.path.join(package_dir, "_bundled", "rulings"),
        os.path.join(os.path.dirname(package_dir), "rulings"),
    ):
        if os.path.isdir(top):
            path = os.path.join(top, f"{game}.yaml")
            if not os.path.isfile(path):  # a game folder outside the package may hold its own
                from .resources import rulings_file

                return str(rulings_file(game))
            return path
    from .resources import rulings_file  # raises the FileNotFoundError that says where it looked

    return str(rulings_file(game))


def rulings_path(game: str | None = None) -> str:
    """The rulings database of *game* (``rulings/<game>.yaml``; default: the default game): the
    ``path`` to hand to the functions of this module for another game's rulings."""
    return _rulings_path(game)


def _sha256_hex(data: bytes) -> str:
    """SHA-256 of *data*, in hex. CPython's own sha256 module loads in about 0.3 ms, ``hashlib``
    (which loads OpenSSL) in about 4 ms; the digest is the same, and hashlib is the fallback."""
    try:
        from _sha2 import sha256  # type: ignore[import-not-found]  # CPython 3.12+, no stubs
    except ImportError:
        try:
            from _sha256 import sha256  # type: ignore[import-not-found]  # CPython 3.10, 3.11, no stubs
        except ImportError:
            from hashlib import sha256
    return sha256(data).hexdigest()


def _cache_dir() -> str | None:
    if os.environ.get("BRASS_JUDGE_NO_CACHE"):
        return None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "brass-judge")


def _parse_yaml(raw: bytes, path: str) -> list[dict]:
    import yaml

    loader = getattr(yaml, "CSafeLoader", None) or yaml.SafeLoader
    try:
        data = yaml.load(raw.decode("utf-8"), Loader=loader)  # noqa: S506 - a safe loader
    except (yaml.YAMLError, UnicodeDecodeError) as exc:
        from .errors import InputError

        raise InputError(f"the rulings database cannot be read: {exc}", file=str(path)) from None
    if not isinstance(data, dict) or not isinstance(data.get("rulings"), list):
        from .errors import InputError

        raise InputError("the rulings database has no 'rulings' list", file=str(path))
    return data["rulings"]


def _cache_get(name: str) -> object | None:
    cache_dir = _cache_dir()
    if cache_dir is None:
        return None
    try:
        with open(os.path.join(cache_dir, name), encoding="utf-8") as fh:
            return json.load(fh)
    except (OSError, ValueError):
        return None


def _cache_put(name: str, obj: object, replaces: str | None = None) -> None:
    """Write *obj* as the cache file *name*, then remove the older files it replaces: those whose
    name starts with *replaces* (default: every file of its kind, the part of *name* before the first
    hyphen), and any of its kind from an older cache version."""
    cache_dir = _cache_dir()
    if cache_dir is None:
        return
    try:
        os.makedirs(cache_dir, exist_ok=True)
        tmp = os.path.join(cache_dir, f"{name}.{os.getpid()}.tmp")
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(json.dumps(obj, ensure_ascii=False, separators=(",", ":")))
        os.replace(tmp, os.path.join(cache_dir, name))
        kind = name.split("-", 1)[0]  # "rulings", "index" (or a caller's own kind)
        family = replaces or f"{kind}-v"
        current = f"{kind}-v{_CACHE_VERSION}-" if replaces else family
        for old in os.listdir(cache_dir):
            if old == name or not old.endswith(".json") or not old.startswith(f"{kind}-v"):
                continue
            if old.startswith(family) or not old.startswith(current):
                try:
                    os.remove(os.path.join(cache_dir, old))
                except FileNotFoundError:
                    pass
    except OSError:
        pass


def _file_key(path: str) -> str:
    """The rulings file's name without ``.yaml`` (``lancashire``, ``birmingham``), for the cache
    names: each game's file keeps its own cache, so using both games does not rebuild them in turn."""
    stem = os.path.basename(path).rsplit(".", 1)[0]
    return re.sub(r"[^A-Za-z0-9_]+", "_", stem)[:40] or "rulings"


def _read_records(path: str) -> tuple[list[dict], str]:
    """The raw ruling records of *path* (through the JSON cache when possible) and the digest
    of the file's bytes."""
    with open(path, "rb") as fh:
        raw = fh.read()
    digest = _sha256_hex(raw)[:32]
    family = f"rulings-v{_CACHE_VERSION}-{_file_key(path)}-"
    name = f"{family}{digest}.json"
    records = _cache_get(name)
    if not isinstance(records, list):
        records = _parse_yaml(raw, path)
        _cache_put(name, records, replaces=family)
    return records, digest


def _to_ruling(rec: dict, path: str) -> Ruling:
    try:
        return Ruling(
            id=rec["id"],
            question=rec["question"],
            answer=rec["answer"],
            source=rec.get("source"),
            authority=tuple(rec["authority"]),
            topics=tuple(rec["topics"]),
            applies_to=rec["applies_to"],
            engine=rec["engine"],
            related=tuple(rec.get("related") or ()),
            keywords=tuple(rec.get("keywords") or ()),
        )
    except (KeyError, TypeError) as exc:
        from .errors import InputError

        rid = rec.get("id", "?") if isinstance(rec, dict) else "?"
        raise InputError(f"ruling {rid} is missing a field: {exc}", file=str(path)) from None


_LOADED: dict[str, dict[str, Ruling]] = {}
_DIGEST: dict[int, str] = {}  # id(loaded dict) -> digest of the YAML it came from
_GAME: dict[int, str] = {}  # id(loaded dict) -> the game its file declares (``game:``)
_FILE_KEY: dict[int, str] = {}  # id(loaded dict) -> its file's key in the cache names
_GAME_RE = re.compile(rb"^game:[ \t]*[\"']?([A-Za-z0-9_-]+)", re.M)


def _declared_game(path: str) -> str:
    """The game a rulings file declares in its top-level ``game:`` line (the default game when it
    declares none). Read from the raw bytes, so a file served from the JSON cache costs nothing."""
    try:
        with open(path, "rb") as fh:
            m = _GAME_RE.search(fh.read(4096))
    except OSError:
        m = None
    return m.group(1).decode("ascii").lower() if m else DEFAULT_GAME


def load_rulings(path: str | os.PathLike | None = None) -> dict[str, Ruling]:
    """All rulings, ``{id: Ruling}`` in file order (cached per file for the process).

    Do not mutate the returned dict: it is shared by every caller.
    """
    p = os.fspath(path) if path is not None else _rulings_path()
    hit = _LOADED.get(p)
    if hit is None:
        records, digest = _read_records(p)
        hit = {}
        for rec in records:
            r = _to_ruling(rec, p)
            hit[r.id] = r
        _LOADED[p] = hit
        _DIGEST[id(hit)] = digest
        _GAME[id(hit)] = _declared_game(p)
        _FILE_KEY[id(hit)] = _file_key(p)
    return hit


def _clear_caches() -> None:
    """Forget loaded data and search indexes (for tests)."""
    _LOADED.clear()
    _DIGEST.clear()
    _GAME.clear()
    _FILE_KEY.clear()
    _INDEXES.clear()
    _GAME_WORDS.clear()


# --------------------------------------------------------------------------- lookup and filters

_ID_RE = re.compile(r"^\s*#?\s*[Qq]?\s*0*(\d{1,4})\s*$")
_ID_RES: dict[str, re.Pattern] = {"Q": _ID_RE}


def _prefix_of(rulings: dict) -> str:
    """The id letter of a rulings database (``Q`` for Lancashire's FAQ, ``B`` for Birmingham)."""
    first = next(iter(rulings), "Q")
    return first[0] if first[:1].isalpha() else "Q"


def normalize_id(text: str, prefix: str = "Q") -> str | None:
    """``"q80"``, ``"80"``, ``"Q080"``, ``"#80"`` -> ``"Q080"``; None when it is not id-shaped.
    *prefix* is the id letter of the database (``"B"``: ``"b12"``, ``"12"`` -> ``"B012"``)."""
    pat = _ID_RES.get(prefix)
    if pat is None:
        pat = _ID_RES[prefix] = re.compile(
            rf"^\s*#?\s*[{prefix.upper()}{prefix.lower()}]?\s*0*(\d{{1,4}})\s*$"
        )
    m = pat.match(str(text))
    if not m:
        return None
    return f"{prefix}{int(m.group(1)):03d}"


def _nearest_ids(text: str, ids: list[str], n: int = 3, path: str | os.PathLike | None = None) -> list[str]:
    prefix = ids[0][0] if ids and ids[0][:1].isalpha() else "Q"
    norm = normalize_id(text, prefix)
    if norm is not None and ids:
        num = int(norm[1:])
        return sorted(ids, key=lambda i: (abs(int(i[1:]) - num), i))[:n]
    from .errors import closest

    hits = closest(str(text), ids, n=n)
    if hits:
        return hits
    # Not an id at all: offer the rulings that a search for it finds.
    return [r.id for r, _ in search(str(text), limit=n, path=path)]


def get_ruling(ruling_id: str, *, path: str | os.PathLike | None = None) -> Ruling:
    """The ruling with id *ruling_id* (``"Q080"``, ``"q80"`` or ``"80"``).

    Raises :class:`brass_judge.errors.UnknownNameError` (with the nearest ids as suggestions)
    when there is no such ruling.
    """
    rulings = load_rulings(path)
    norm = normalize_id(ruling_id, _prefix_of(rulings))
    if norm is not None and norm in rulings:
        return rulings[norm]
    from .errors import UnknownNameError

    ids = list(rulings)
    span = f"{ids[0]}-{ids[-1]}" if ids else "none"
    raise UnknownNameError(
        f"unknown ruling id '{ruling_id}' (rulings are {span})",
        suggestions=_nearest_ids(ruling_id, ids, path=path),
        field="ruling",
    )


def _check_choice(value: str | None, allowed: Iterable[str], what: str) -> str | None:
    if value is None:
        return None
    v = value.strip().lower()
    allowed = tuple(allowed)
    if v in allowed:
        return v
    from .errors import UnknownNameError, closest

    raise UnknownNameError(
        f"unknown {what} '{value}' (one of: {', '.join(allowed)})",
        suggestions=closest(v, allowed) or allowed[:3],
        field=what,
    )


def list_rulings(
    topic: str | None = None,
    authority: str | None = None,
    engine: str | None = None,
    applies_to: str | None = None,
    *,
    path: str | os.PathLike | None = None,
) -> list[Ruling]:
    """Rulings in id order, keeping those that have *topic* / *authority* and match *engine* /
    *applies_to* (each filter optional). Unknown filter values raise UnknownNameError."""
    topic = _check_choice(topic, TOPICS, "topic")
    authority = _check_choice(authority, AUTHORITIES, "authority")
    engine = _check_choice(engine, ENGINE_CLASSES, "engine")
    applies_to = _check_choice(applies_to, APPLIES_TO, "applies_to")
    out = []
    for r in load_rulings(path).values():
        if topic and topic not in r.topics:
            continue
        if authority and authority not in r.authority:
            continue
        if engine and r.engine != engine:
            continue
        if applies_to and r.applies_to != applies_to:
            continue
        out.append(r)
    return out


# --------------------------------------------------------------------------- text normalisation

_STOP = frozenset(
    """
a about after again all also am an and any anything are as at be because been being but by can
could did do does doing done each else even for from had has have having he her here him his how
i if in into is it its just many me might more most much must my myself need needs no nor not
now of off
on once straight game games only or other our ours ourselves out please really say says she should so some
still such than that the their theirs them then there these they this those through to too
under until up us very was we were what whatever when where whether which while who whom why
will with would yes you your yours yourself
s t d ll m re ve don doesn isn aren didn wasn weren hasn haven cannot
""".split()
)

_IRREGULAR = {
    "built": "build",
    "sold": "sell",
    "bought": "buy",
    "paid": "pay",
    "took": "take",
    "taken": "take",
    "drew": "draw",
    "drawn": "draw",
    "spent": "spend",
    "won": "win",
    "lost": "lose",
    "went": "go",
    "gone": "go",
    "gave": "give",
    "given": "give",
    "ran": "run",
    "held": "hold",
    "chose": "choose",
    "chosen": "choose",
    "dealt": "deal",
    "knew": "know",
    "got": "get",
    "gotten": "get",
    "made": "make",
    "overbuilt": "overbuild",
}

_EXPANSION_WEIGHT = 0.4

_FOLD_PAIRS = (
    ("\u2019", "'"),
    ("\u2018", "'"),
    ("\u201c", " "),
    ("\u201d", " "),
    ("\u2014", " "),
    ("\u2013", " "),
    ("\u00a3", " money "),
    ("$", " money "),
)
_WORD_RE = re.compile(r"[a-z0-9]+")
_VOWEL_RE = re.compile(r"[aeiouy]")


def _fold(text: str) -> str:
    """Lower case, no accents (Palam\u00f3s -> palamos), pound sign -> 'money'."""
    if not text.isascii():
        for old, new in _FOLD_PAIRS:
            if old in text:
                text = text.replace(old, new)
        import unicodedata  # only for non-ASCII text: most queries never need it

        text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    elif "$" in text:
        text = text.replace("$", " money ")
    return text.lower()


_STEMS: dict[str, str] = {}


def _stem(word: str) -> str:
    """A light, consistent suffix stripper (same function for documents and queries)."""
    hit = _STEMS.get(word)
    if hit is None:
        hit = _STEMS[word] = _stem_uncached(word)
    return hit


def _stem_uncached(word: str) -> str:
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if len(word) <= 3 or word.isdigit():
        return word
    w = word
    if w.endswith("ies") and len(w) > 4:
        w = w[:-3] + "y"
    elif w.endswith("sses"):
        w = w[:-2]
    elif w.endswith("s") and not w.endswith(("ss", "us", "is")):
        w = w[:-1]
    if w.endswith("ied") and len(w) > 4:
        w = w[:-3] + "y"
    elif w.endswith("ing") and len(w) > 5 and _VOWEL_RE.search(w[:-3]):
        w = w[:-3]
    elif w.endswith("ed") and len(w) > 4 and _VOWEL_RE.search(w[:-2]):
        w = w[:-2]
    if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "lsz" and w[-1] not in "aeiou":
        w = w[:-1]  # flipp -> flip, stopp -> stop
    if w.endswith("e") and len(w) > 4:
        w = w[:-1]  # score/scored/scoring -> scor
    return w


# --------------------------------------------------------------------------- the game's words


class _GameWords:
    """One game's search words, ready for the pipeline: its multi-word phrases (phrase -> one
    canonical token, matched on folded words before stemming, longest first), exact synonyms (word
    -> canonical word) and looser relations (word -> related words, added to a query at a lower
    weight), read from ``brass_judge/games/<game>/rulings_search.py`` (:func:`_game_words`).

    A game without that file searches with none: the shared pipeline (folding, stop words,
    stemming, irregular verbs, typo repair, ids) still applies.
    """

    def __init__(self, module: dict, digest: str = "") -> None:
        self.phrase_table: dict[str, str] = dict(module.get("PHRASES") or {})
        self.synonym_words: dict[str, str] = dict(module.get("SYNONYMS") or {})
        self.digest = digest  # of the words file's source: part of the index cache's name
        self.phrases: dict[str, list[tuple[tuple[str, ...], str]]] = {}
        for canon_tok, alts in self.phrase_table.items():
            for alt in alts.split("|"):
                seq = tuple(alt.split())
                self.phrases.setdefault(seq[0], []).append((seq, canon_tok))
        for cands in self.phrases.values():
            cands.sort(key=lambda c: -len(c[0]))
        # The phrase tokens are artificial words: they are never stemmed.
        self.protected = frozenset(self.phrase_table)
        self.synonyms: dict[str, str] = {self.base(k): self.base(v) for k, v in self.synonym_words.items()}
        self.expansions = {
            self.canon(k): tuple(self.canon(x) for x in v)
            for k, v in (module.get("EXPANSIONS") or {}).items()
        }
        self.token_of: dict[str, str | None] = {}  # folded word -> canonical token (None: a stop word)

    def base(self, word: str) -> str:
        return word if word in self.protected else _stem(word)

    def canon(self, word: str) -> str:
        """Stem *word* unless it is a phrase token; then map it through the synonym table."""
        tok = word if word in self.protected else _stem(word)
        return self.synonyms.get(tok, tok)

    def merge_phrases(self, words: list[str]) -> list[str]:
        """*words* (folded) with known phrases merged into their canonical token."""
        out: list[str] = []
        skip = 0
        phrases = self.phrases
        for i, w in enumerate(words):
            if skip:
                skip -= 1
                continue
            cands = phrases.get(w)
            if cands:
                for seq, canon in cands:
                    if tuple(words[i : i + len(seq)]) == seq:
                        out.append(canon)
                        skip = len(seq) - 1
                        break
                else:
                    out.append(w)
            else:
                out.append(w)
        return out

    def token(self, word: str) -> str | None:
        """The canonical token of one folded word (None: a stop word), cached."""
        tok = self.token_of.get(word, "")
        if tok == "":
            tok = self.token_of[word] = None if word in _STOP else self.canon(word)
        return tok


_GAME_WORDS: dict[str, _GameWords] = {}


def _words_file(game: str) -> str | None:
    """``rulings_search.py`` of *game*'s folder (the first folder of that name on the games
    package's search path, as for an import), or None when the game has none."""
    from . import games

    for top in games.__path__:
        path = os.path.join(top, game, "rulings_search.py")
        if os.path.isfile(path):
            return path
    return None


def _game_words(game: str | None = None) -> _GameWords:
    """The search words of *game* (default: the default game), loaded on the first search.

    The words file is a module of plain tables; it is run on its own, without importing the
    game's package (whose rules a search does not need)."""
    game = game or DEFAULT_GAME
    hit = _GAME_WORDS.get(game)
    if hit is None:
        path = _words_file(game)
        if path is None:
            hit = _GameWords({})
        else:
            with open(path, "rb") as fh:
                source = fh.read()
            namespace: dict = {"__name__": f"brass_judge.games.{game}.rulings_search", "__file__": path}
            exec(compile(source, path, "exec"), namespace)  # noqa: S102 - the package's own file
            hit = _GameWords(namespace, _sha256_hex(source)[:16])
        _GAME_WORDS[game] = hit
    return hit


def _words(text: str, words: _GameWords | None = None) -> list[str]:
    """Folded words of *text*, with known phrases merged into their canonical token (*words*: a
    game's words, default the default game's)."""
    return (words or _game_words()).merge_phrases(_WORD_RE.findall(_fold(text)))


def _tokens(text: str, words: _GameWords | None = None) -> list[str]:
    """Canonical tokens of *text* (no typo repair, no expansion), with a game's words (default:
    the default game's)."""
    gw = words or _game_words()
    out = []
    for w in _words(text, gw):
        tok = gw.token(w)
        if tok is not None:
            out.append(tok)
    return out


# --------------------------------------------------------------------------- typo repair


def _osa_distance(a: str, b: str, limit: int) -> int:
    """Optimal-string-alignment (Damerau-Levenshtein) distance, or limit+1 when above *limit*."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    prev2: list[int] | None = None
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        row_min = cur[0]
        ai = a[i - 1]
        for j in range(1, len(b) + 1):
            cost = 0 if ai == b[j - 1] else 1
            v = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if prev2 is not None and i > 1 and j > 1 and ai == b[j - 2] and a[i - 2] == b[j - 1]:
                v = min(v, prev2[j - 2] + 1)
            cur[j] = v
            if v < row_min:
                row_min = v
        if row_min > limit:
            return limit + 1
        prev2, prev = prev, cur
    return prev[-1]


# --------------------------------------------------------------------------- the index

_FIELD_WEIGHTS = (("question", 3.0), ("keywords", 2.0), ("topics", 1.0), ("answer", 0.5))
_K1 = 1.2
_B = 0.75


def _doc_terms(r: Ruling, surface: dict[str, int], gw: _GameWords) -> tuple[dict[str, float], float]:
    """Field-weighted term frequencies of one ruling (with its game's words *gw*) and its weighted
    length; counts the ruling's surface (folded, unstemmed) words into *surface*."""
    counts: dict[str, float] = {}
    length = 0.0
    for name, weight in _FIELD_WEIGHTS:
        value = getattr(r, name)
        text = " ".join(value) if isinstance(value, tuple) else value
        if name == "topics":
            text = text.replace("-", " ")
        words = _WORD_RE.findall(_fold(text))
        for w in words:
            surface[w] = surface.get(w, 0) + 1
        toks = []
        for w in gw.merge_phrases(words):
            tok = gw.token(w)
            if tok is not None:
                toks.append(tok)
        length += weight * len(toks)
        for t in toks:
            counts[t] = counts.get(t, 0.0) + weight
    return counts, length


class _Index:
    def __init__(
        self, rulings: dict[str, Ruling], cached: dict | None = None, gw: _GameWords | None = None
    ) -> None:
        self.rulings = list(rulings.values())
        self.gw = gw = gw or _game_words()
        if cached is None:
            surface: dict[str, int] = {}
            built = [_doc_terms(r, surface, gw) for r in self.rulings]
            cached = {"tf": [c for c, _ in built], "dl": [n for _, n in built], "surface": surface}
        self.tf: list[dict[str, float]] = cached["tf"]
        self.dl: list[float] = cached["dl"]
        self.surface: dict[str, int] = cached["surface"]
        df: dict[str, int] = {}
        for counts in self.tf:
            for t in counts:
                df[t] = df.get(t, 0) + 1
        n = len(self.rulings)
        self.avgdl = (sum(self.dl) / n) if n else 1.0
        self.idf = {t: math.log(1.0 + (n - d + 0.5) / (d + 0.5)) for t, d in df.items()}
        self.df = df
        # Words typo repair may correct to (each -> the canonical token it stands for): the
        # index's own terms, and the synonym table's and irregular verbs' words.
        self.correct_to: dict[str, str] = {t: t for t in df}
        for word in gw.synonyms:
            self.correct_to.setdefault(word, gw.synonyms[word])
        for word, base in _IRREGULAR.items():
            self.correct_to.setdefault(word, gw.canon(base))
        for first, cands in gw.phrases.items():  # one-word phrase spellings: tiebreaker, coalmine
            for seq, canon in cands:
                if len(seq) == 1:
                    self.correct_to.setdefault(first, canon)
        # Surface words (folded, before phrases and stemming) for the first, word-level repair:
        # the documents' words plus every word of the phrase, synonym and irregular tables.
        self.words: dict[str, int] = dict(self.surface)
        extra = [w for seqs in gw.phrases.values() for seq, _ in seqs for w in seq]
        extra += list(gw.synonym_words) + list(_IRREGULAR)
        for w in extra:
            self.words.setdefault(w, 0)
        self._typo_cache: dict[tuple[str, bool], str | None] = {}

    # Candidates are bucketed by (length, position, letter) for the first two letters: a typo
    # rarely hits both of them, so a word is only compared with terms that share one. Built on
    # the first typo (half the cost of building the index, and most queries have no typo).
    @property
    def buckets(self) -> dict[tuple[int, int, str], list[str]]:
        if "_term_buckets" not in self.__dict__:
            self._term_buckets = self._buckets(self.correct_to)
        return self._term_buckets

    @property
    def word_buckets(self) -> dict[tuple[int, int, str], list[str]]:
        if "_word_buckets" not in self.__dict__:
            self._word_buckets = self._buckets(self.words)
        return self._word_buckets

    @staticmethod
    def _buckets(vocab) -> dict[tuple[int, int, str], list[str]]:
        buckets: dict[tuple[int, int, str], list[str]] = {}
        for v in vocab:
            if len(v) >= 2 and not v.isdigit():
                buckets.setdefault((len(v), 0, v[0]), []).append(v)
                buckets.setdefault((len(v), 1, v[1]), []).append(v)
        return buckets

    def repair(self, word: str, surface: bool = False) -> str | None:
        """The closest known word to an unknown query *word*, or None.

        ``surface=True``: among surface words (returns a surface word); otherwise among index
        terms (*word* already stemmed; returns the canonical token).
        """
        key = (word, surface)
        if key in self._typo_cache:
            return self._typo_cache[key]
        buckets = self.word_buckets if surface else self.buckets
        best: tuple[int, int, str] | None = None
        if len(word) >= 4 and not word.isdigit():
            limit = 1 if len(word) <= 6 else 2
            cands: set[str] = set()
            for length in range(len(word) - limit, len(word) + limit + 1):
                for pos in (0, 1):
                    for ch in (word[0], word[1]):
                        cands.update(buckets.get((length, pos, ch), ()))
            for cand in cands:
                d = _osa_distance(word, cand, limit)
                if d == 2 and surface and (len(word) < 8 or cand[0] != word[0]):
                    continue  # two edits only for long words that keep their first letter
                if d <= limit:
                    freq = self.words[cand] if surface else self.df.get(self.correct_to[cand], 0)
                    rank = (d, -freq, cand)
                    if best is None or rank < best:
                        best = rank
        hit = None if best is None else (best[2] if surface else self.correct_to[best[2]])
        self._typo_cache[key] = hit
        return hit

    def query_terms(self, query: str) -> dict[str, float]:
        """Canonical query terms with weights (typos repaired, synonyms expanded)."""
        return self.query_analysis(query)[0]

    def query_analysis(self, query: str) -> tuple[dict[str, float], list[str]]:
        """(:meth:`query_terms`, the query's words that no ruling knows, even after typo repair)."""
        gw = self.gw
        unknown: list[str] = []
        terms: dict[str, float] = {}
        words = []
        for w in _WORD_RE.findall(_fold(query)):  # 1. repair misspelt words (before phrases)
            if (
                w not in self.words and w not in _STOP and not w.isdigit() and gw.canon(w) not in self.df
            ):  # "running": unknown form of a known "run"
                w = self.repair(w, surface=True) or w
            words.append(w)
        for word in gw.merge_phrases(words):  # 2. phrases, stems, synonyms; repair what is left
            if word in _STOP:
                continue
            tok = gw.canon(word)
            if tok not in self.df and not tok.isdigit():
                base = gw.base(word)
                fixed = self.repair(base) or (self.repair(word) if word != base else None)
                if fixed is None:
                    unknown.append(word)
                    continue
                tok = fixed
            terms[tok] = max(terms.get(tok, 0.0), 1.0)
        for tok in list(terms):
            for extra in gw.expansions.get(tok, ()):
                if extra not in terms:
                    terms[extra] = _EXPANSION_WEIGHT
        return terms, unknown

    def coverage(self, query: str, ruling: Ruling) -> float:
        """How much of *query* the ruling matches, 0..1: the idf-weighted share of the query's own
        terms (not the looser expansions) found in it; a word no ruling knows counts as missed,
        with the weight of the rarest term."""
        terms, unknown = self.query_analysis(query)
        i = self.rulings.index(ruling)
        rarest = max(self.idf.values()) if self.idf else 1.0
        total = found = 0.0
        for t, w in terms.items():
            if w < 1.0:
                continue
            idf = self.idf.get(t, rarest)
            total += idf
            if t in self.tf[i]:
                found += idf
        total += rarest * len(unknown)
        return found / total if total else 0.0

    def score(self, query: str) -> list[tuple[Ruling, float]]:
        terms = self.query_terms(query)
        results = []
        for i, r in enumerate(self.rulings):
            tf = self.tf[i]
            norm = _K1 * (1.0 - _B + _B * self.dl[i] / self.avgdl)
            s = 0.0
            for t, qw in terms.items():
                f = tf.get(t)
                if f:
                    s += qw * self.idf[t] * f * (_K1 + 1.0) / (f + norm)
            if s > 0.0:
                results.append((r, s))
        results.sort(key=lambda x: (-x[1], x[0].id))
        return results


_INDEXES: dict[int, _Index] = {}


def _code_digest(gw: _GameWords | None = None) -> str:
    """Digest of this module's source and of the game's words file: the index cache is only valid
    for the code and the words that built it."""
    try:
        with open(__file__, "rb") as fh:
            code = fh.read()
    except OSError:
        return ""
    if gw is not None and gw.digest:
        code += gw.digest.encode("ascii")
    return _sha256_hex(code)[:16]


def _words_of(rulings: dict[str, Ruling]) -> _GameWords:
    """The search words of the game whose file *rulings* came from (its ``game:``)."""
    return _game_words(_GAME.get(id(rulings)))


def _index(rulings: dict[str, Ruling]) -> _Index:
    idx = _INDEXES.get(id(rulings))
    if idx is not None and idx.rulings == list(rulings.values()):
        return idx
    good = None
    gw = _words_of(rulings)
    digest, code = _DIGEST.get(id(rulings)), _code_digest(gw)
    family = f"index-v{_CACHE_VERSION}-{_FILE_KEY.get(id(rulings), 'rulings')}-"
    name = f"{family}{digest}-{code}.json" if digest and code else None
    if name:
        cached = _cache_get(name)
        if (
            isinstance(cached, dict)
            and isinstance(cached.get("tf"), list)
            and isinstance(cached.get("dl"), list)
            and isinstance(cached.get("surface"), dict)
            and len(cached["tf"]) == len(rulings) == len(cached["dl"])
        ):
            good = cached
    idx = _Index(rulings, good, gw)
    if name and good is None:
        _cache_put(name, {"tf": idx.tf, "dl": idx.dl, "surface": idx.surface}, replaces=family)
    _INDEXES[id(rulings)] = idx
    return idx


def search(
    query: str, limit: int = 5, *, path: str | os.PathLike | None = None
) -> list[tuple[Ruling, float]]:
    """Rulings that answer *query* best, as ``[(Ruling, score)]``, best first. The query and the
    rulings are read with the search words of the game the file declares (``game:``; see
    :func:`_game_words`).

    Scores are BM25 values (higher is better, not bounded); rulings that share no term with the
    query are left out, so the list may be shorter than *limit* or empty.
    """
    if limit <= 0 or not query or not query.strip():
        return []
    rulings = load_rulings(path)
    hits = _index(rulings).score(query)
    # A ruling named by id in the query ("Q83", "q083") comes first.
    prefix = _prefix_of(rulings)
    ids = [
        normalize_id(w, prefix)
        for w in re.findall(rf"\b[{prefix.lower()}{prefix.upper()}]\d{{1,3}}\b", query)
    ]
    named = [rid for i, rid in enumerate(ids) if rid is not None and rid in rulings and rid not in ids[:i]]
    if named:
        top = hits[0][1] if hits else 0.0
        first = [(rulings[rid], top + len(named) - i) for i, rid in enumerate(named)]
        hits = first + [(r, s) for r, s in hits if r.id not in named]
    return [(r, round(s, 4)) for r, s in hits[:limit]]


#: below this share of the query matched (:func:`match_coverage`), a hit is a weak match
WEAK_COVERAGE = 0.6


def match_coverage(query: str, ruling: Ruling, *, path: str | os.PathLike | None = None) -> float:
    """How much of *query* *ruling* matches, 0..1 (see ``_Index.coverage``); a ruling named by id
    in the query matches fully."""
    rulings = load_rulings(path)
    prefix = _prefix_of(rulings)
    if ruling.id in {
        normalize_id(w, prefix)
        for w in re.findall(rf"\b[{prefix.lower()}{prefix.upper()}]\d{{1,3}}\b", query)
    }:
        return 1.0
    return round(_index(rulings).coverage(query, ruling), 3)


def is_weak(coverage: float) -> bool:
    """Whether a hit matches too little of the query to be taken as the answer."""
    return coverage < WEAK_COVERAGE


def weak_text(coverage: float) -> str:
    """What the text output says before a weak best match."""
    return (
        f"Weak match: no ruling matches this question well (the best covers {coverage:.0%} of it), so the "
        "closest match, below, may not answer it. Try other words, or 'brass-judge rulings list --topic ...'."
    )
