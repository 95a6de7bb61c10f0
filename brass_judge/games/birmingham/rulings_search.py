"""Brass: Birmingham's words for the rulings search (``brass-judge rulings search --game birmingham``).

The search in :mod:`brass_judge.rulings` is the same for every game; what a Birmingham player types
for its pieces and places (ale for beer, a railway for a rail link, a joker for a wild card, a pit
for a coal mine) is written here, and read only when a Birmingham search runs. Plain tables that
anyone can read and extend; a word that belongs to one rule alone goes in that ruling's
``keywords`` in ``rulings/birmingham.yaml`` instead.

The three tables, all matched on folded (lower case, unaccented) words, the same way for the
rulings and for the question:

* :data:`PHRASES`: a canonical token -> the phrases (``|``-separated) that stand for it, merged
  before stemming, the longest first;
* :data:`SYNONYMS`: a word -> the word it means exactly;
* :data:`EXPANSIONS`: a word -> related words, added to a question at a lower weight.
"""

from __future__ import annotations

PHRASES = {
    "coalmine": "coal mine|coal mines|coalmine|coalmines|coal pit|coal pits|coal works",
    "ironworks": "iron works|iron work|ironworks|iron foundry|iron foundries|steel works|steelworks|"
    "iron mill|iron mills",
    "mill": "cotton mill|cotton mills|textile mill|textile mills|cotton factory|cotton factories",
    "farmbrewery": "farm brewery|farm breweries|farm breweries|brewery farm|farmbrewery",
    "lightbulb": "light bulb|light bulbs|lightbulb|lightbulbs|bulb icon",
    "vp": "victory point|victory points|vp|vps",
    "locationcard": "location card|location cards|town card|town cards|city card|city cards",
    "industrycard": "industry card|industry cards",
    "wild": "wild card|wild cards|wildcard|wildcards|joker|jokers|joker card|joker cards",
    "mat": "player mat|player mats|playermat|player board|player boards|my board",
    "turnorder": "turn order|player order|order of play|who goes first|goes first|go first",
    "flip": "turn over|turns over|turned over|turning over|turn it over|turn them over|flip over|"
    "flips over|flipped over",
    "overbuild": "build over|builds over|building over|built over|build on top|build on top of|"
    "built on top of|take over|takes over|took over|taking over|over build|over built",
    "opponent": "other player|other players|another player|someone else|somebody else|"
    "rival player|enemy player|other person",
    "develop": "remove a tile from my mat|remove tiles from my mat|remove a tile from my board|"
    "remove a tile|skip a tile|skip tiles|skip a level|skip levels|skip over",
    "shortfall": "can t pay|cannot pay|can not pay|unable to pay|not enough money to pay|go bankrupt|"
    "goes bankrupt|went bankrupt|go broke",
    "deck": "draw pile|draw deck",
    "supply": "general supply",
    "tiebreak": "tie break|tie breaker|tie breakers|tiebreaker|tiebreakers|tie breaking|tiebreak|tiebreaks",
    # the eras apart from the links: "rail" alone is a rail link, "rail era" the second half
    "canalera": "canal era|canal eras|canal period|canal phase|canal age|canal half",
    "railera": "rail era|rail eras|railway era|railroad era|rail period|rail phase|rail age|rail half",
    "link": "link tile|link tiles",
    "tworails": "two rails|two rail links|two railways|two railroads|2 rails|2 rail links|2 railways|"
    "2 railroads|double rail|double rails|double railway|double railways|double railroad",
    # "linked to my mill": connected ("linked" alone would stem to "link", a link tile)
    "connect": "linked to|linked up to|linked with|linked by|joined to|joined up to|joined up with",
    "count": "how many|how big|number of|numbers of|count|counts",
    "oneaction": "in one go|at once|at the same time|in one action|in a single action",
}

SYNONYMS = {
    # money
    "cash": "money",
    "pound": "money",
    "pounds": "money",
    "coin": "money",
    "coins": "money",
    "fund": "money",
    "funds": "money",
    "quid": "money",
    # beer: barrels, ale, a drink
    "ale": "beer",
    "ales": "beer",
    "barrel": "beer",
    "barrels": "beer",
    "keg": "beer",
    "kegs": "beer",
    "drink": "beer",
    "pint": "beer",
    "pints": "beer",
    "booze": "beer",
    # links: canals and rails
    "railway": "rail",
    "railways": "rail",
    "railroad": "rail",
    "railroads": "rail",
    "train": "rail",
    "waterway": "canal",
    "waterways": "canal",
    "barge": "canal",
    "lay": "build",
    # industries and resources
    "colliery": "coalmine",
    "pit": "coalmine",
    "mine": "coalmine",
    "foundry": "ironworks",
    "ironwork": "ironworks",
    "steelworks": "ironworks",
    "potteries": "pottery",
    "pot": "pottery",
    "goods": "manufacturer",
    "manufactory": "manufacturer",
    # merchants and selling
    "trader": "merchant",
    "traders": "merchant",
    "buyer": "merchant",
    "buyers": "merchant",
    "export": "merchant",
    "sale": "sell",
    "purchase": "buy",
    "reward": "bonus",
    # flipping and scoring
    "overturn": "flip",
    "point": "vp",
    "points": "vp",
    "victory": "vp",
    # overbuilding
    "replace": "overbuild",
    "upgrade": "overbuild",
    "overbuilding": "overbuild",
    "supersede": "overbuild",
    "steal": "overbuild",
    # loans and income
    "borrow": "loan",
    "debt": "loan",
    "credit": "loan",
    "mortgage": "loan",
    "earn": "income",
    "earnings": "income",
    "salary": "income",
    "revenue": "income",
    "payday": "income",
    "bankrupt": "shortfall",
    "bankruptcy": "shortfall",
    # scouting and wild cards
    "joker": "wild",
    "jokers": "wild",
    "wildcard": "wild",
    # players and turns
    "rival": "opponent",
    "enemy": "opponent",
    "someone": "opponent",
    "somebody": "opponent",
    "anyone": "opponent",
    "anybody": "opponent",
    "nobody": "opponent",
    "skip": "pass",
    "piece": "tile",
    "finish": "end",
    "begin": "start",
    "beginning": "start",
    "period": "era",
    "phase": "era",
    "age": "era",
    "connection": "connect",
    "route": "connect",
    "path": "connect",
    "unconnected": "connect",
    "disconnected": "connect",
    # numbers and bounds
    "2p": "2",
    "3p": "3",
    "4p": "4",
    "two": "2",
    "three": "3",
    "four": "4",
    "one": "1",
    "zero": "0",
    "minus": "negative",
    "cap": "max",
    "ceiling": "max",
    "maximum": "max",
    "highest": "max",
}

EXPANSIONS = {
    "link": ("canal", "rail"),
    "canal": ("link",),
    "rail": ("link",),
    "tworails": ("rail", "beer"),
    "beer": ("brewery",),
    "brewery": ("beer",),
    "farmbrewery": ("brewery",),
    "coal": ("coalmine",),
    "coalmine": ("coal",),
    "iron": ("ironworks",),
    "ironworks": ("iron",),
    "vp": ("score",),
    "score": ("vp",),
    "connect": ("network", "link"),
    "network": ("connect",),
    "merchant": ("sell",),
    "sell": ("merchant",),
    "wild": ("scout",),
    "scout": ("wild",),
    "develop": ("mat",),
    "lightbulb": ("pottery", "develop"),
    "income": ("money",),
    "money": ("income", "spend"),
    "spend": ("money",),
    "pay": ("money",),
    "buy": ("market",),
    "market": ("buy",),
    "shortfall": ("negative", "income"),
    "loan": ("income",),
    "flip": ("unflipped",),
    "unflipped": ("flip",),
    "tie": ("tiebreak",),
    "tiebreak": ("tie",),
    "card": ("deck",),
    "deck": ("card",),
    "end": ("last", "final"),
    "last": ("end", "final"),
    "final": ("last", "end"),
    "opponent": ("owner",),
    "owner": ("opponent",),
    "price": ("cost", "money"),
    "cost": ("price", "money"),
    "max": ("limit", "above"),
    "limit": ("max",),
    "oneaction": ("action",),
}
