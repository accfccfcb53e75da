"""Wording: what two wordings of one item share, and whether they say the same thing.

The verdicts of ``compaction.engine.verdicts`` pair an old item with its new wording by the
content words they share (stemmed, stop words left out), then look for what a rewording
must not do: reverse the rule's sense (``polarity``), swap the one word that carries it
(``swapped_word``) or name something more (``gained_names``).

Pure: no Django, no database.
"""

from __future__ import annotations

import difflib
import functools
import re
from dataclasses import dataclass

WORD = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_NEGATIONS = frozenset(
    {"never", "not", "cannot", "no", "don", "dont", "avoid", "without", "stop", "nor", "skip"}
)
STOPWORDS = frozenset(
    {
        "a", "an", "the", "and", "or", "of", "to", "in", "on", "at", "for", "by", "with",
        "from", "into", "over", "than", "then", "that", "this", "it", "its", "is", "are",
        "was", "were", "be", "been", "as", "so", "use", "used", "using", "instead", "must",
        "should", "always", "also", "all", "any", "via", "per", "s", "t", "we", "our", "user",
        "users", "agent", "they", "he", "she", "their", "his", "her", "wants", "want", "prefers",
        "prefer", "likes", "decided", "decide", "chose", "chosen", "choose", "picked", "opted",
        "go", "going", "keep", "kept", "now", "still", "only", "just", "will", "can", "do",
        "does", "done", "has", "have", "had", "because", "since", "inside", "within", "after",
        "before", "when", "which", "who", "what", "there", "here", "new", "file", "value",
        "command", "error", "url", "need", "needs", "needed", "make", "sure", "each", "every",
        # The particles of phrasal verbs ("roll out", "set up", "shut down") add no content.
        "up", "out", "off", "down",
    }
)  # fmt: skip
NAME = re.compile(r"(?<=\s)[A-Z][\w-]*")
# A capitalised word inside a sentence (not after ". " or ": "): a name or an acronym.
INNER_NAME = re.compile(r"(?<![.:;!?]\s)(?<=\s)[A-Z][\w-]*")


#: Past forms that no suffix rule brings back to their verb: a step told done ("Sent the
#: export") is the step that was planned ("Send the export").
_IRREGULAR = {
    "sent": "send", "paid": "pay", "made": "make", "found": "find", "got": "get",
    "gotten": "get", "took": "take", "taken": "take", "ran": "run", "wrote": "write",
    "written": "write", "built": "build", "bought": "buy", "told": "tell", "gave": "give",
    "given": "give", "left": "leave", "held": "hold", "spent": "spend", "met": "meet",
    "began": "begin", "begun": "begin", "brought": "bring", "sold": "sell", "won": "win",
    "saw": "see", "seen": "see", "went": "go", "drove": "drive", "driven": "drive",
    "flew": "fly", "flown": "fly", "chose": "choose", "chosen": "choose", "rang": "ring",
    "rung": "ring", "shook": "shake", "hid": "hide", "hidden": "hide", "froze": "freeze",
    "frozen": "freeze", "broke": "break", "broken": "break", "spoke": "speak",
    "spoken": "speak", "woke": "wake", "sped": "speed", "struck": "strike",
    "taught": "teach", "caught": "catch", "fought": "fight", "thought": "think",
    "sought": "seek", "lent": "lend", "bent": "bend", "dealt": "deal", "felt": "feel",
    "kept": "keep", "slept": "sleep", "swept": "sweep", "meant": "mean", "led": "lead",
    "fed": "feed", "fled": "flee", "rebuilt": "rebuild", "resent": "resend",
    "rewrote": "rewrite", "rewritten": "rewrite", "reran": "rerun", "undid": "undo",
    "undone": "undo", "withdrew": "withdraw", "withdrawn": "withdraw",
}  # fmt: skip


def stem(word: str) -> str:
    """A crude stem, so that two forms of one word agree (logging / log, files / file,
    copied / copy, writing / write, sent / send), and so do a few words a summary swaps for
    one another (stays / remains, answers / replies): neither says anything new."""
    form = _form(word)
    return _SYNONYMS.get(form, form)


def _form(word: str) -> str:
    if word.isdigit():
        return word
    word = _IRREGULAR.get(word, word)
    if word.endswith(("ies", "ied")) and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith(("ing", "ed")) and len(word) - (3 if word[-1] == "g" else 2) >= 3:
        word = word[: -3 if word[-1] == "g" else -2]
    elif word.endswith("es") and word[:-2].endswith(("s", "x", "z", "ch", "sh")):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")) and len(word) > 3:
        word = word[:-1]
    # "logg(ing)", "stopp(ed)": a doubled final consonant is spelling, not meaning
    # (but "roll", "pass", "buzz" double theirs in every form).
    if len(word) >= 3 and word[-1] == word[-2] and word[-1] not in "aeioulsz":
        word = word[:-1]
    # "write" / "writ(ing)", "configure" / "configur(ed)".
    if len(word) >= 4 and word.endswith("e"):
        word = word[:-1]
    return word[:6]


#: Words a summary swaps for one another without changing what it says.
_SYNONYM_GROUPS = (
    ("stay", "remain"), ("start", "begin"), ("finish", "complete"),
    ("use", "utilize", "employ"), ("need", "require"), ("buy", "purchase"),
    ("ask", "request"), ("show", "display"), ("fix", "repair", "resolve"),
    ("check", "verify", "confirm"), ("big", "large"), ("fast", "quick", "quickly"),
    ("allow", "permit"), ("forbid", "prohibit", "ban"), ("pick", "choose", "select"),
    ("get", "obtain", "receive"), ("remove", "delete"), ("add", "include"),
    ("reply", "respond", "answer"), ("contact", "communicate", "reach"),
    ("ok", "okay", "fine", "acceptable"), ("hide", "mask", "conceal"),
)  # fmt: skip
_SYNONYMS = {_form(word): _form(group[0]) for group in _SYNONYM_GROUPS for word in group}


@functools.lru_cache(maxsize=16_384)
def content_words(text: str) -> frozenset[str]:
    """The stemmed content words of ``text``: what two wordings of one thing share."""
    words = WORD.findall(text.lower().replace("n't", " not"))
    # A compound counts by its parts: "per-tenant limits" and "limits per tenant" are one
    # wording, and "log-01" names a log host.
    parts = (part for word in words for part in word.split("-"))
    return frozenset(
        stem(part) for part in parts if part not in STOPWORDS and part not in _NEGATIONS
    )


#: Words that forbid or negate. "read-only" forbids writing as plainly as "no writes" does,
#: "rejected the caching provider" rules it out as "did not use it" does, and "dislikes long
#: explanations" as "not long explanations".
_NEGATING = frozenset(
    {
        "never",
        "not",
        "cannot",
        "no",
        "avoid",
        "avoids",
        "avoided",
        "nor",
        "nothing",
        "none",
        "nobody",
        "neither",
        "read-only",
        "skip",
        "rejected",
        "declined",
        "refused",
        "off",
        "disabled",
        "dislike",
        "dislikes",
        "disliked",
        "hate",
        "hates",
        "hated",
        "annoyed",
        "ban",
        "banned",
        "forbidden",
        "prohibited",
        "uncached",
        # A family is all or nothing: "exclude X" and "X excluded" rule out the same.
        "reject",
        "rejects",
        "rejecting",
        "decline",
        "declines",
        "declining",
        "refuse",
        "refuses",
        "refusing",
        "exclude",
        "excludes",
        "excluding",
        "excluded",
        "ignore",
        "ignores",
        "ignoring",
        "ignored",
    }
)
#: Words that make an exception to a negation in their clause: "no X without Y", "do not X
#: until Y", "read-only unless Y", "otherwise, don't": a negated negation, i.e. a requirement.
_EXCEPTING = frozenset({"without", "unless", "until", "otherwise", "outside", "except"})
# A clause ends at a sentence stop or at ", and" / ", but"; an aside in brackets is a clause
# of its own: one rule per clause.
_CLAUSE = re.compile(r"[;:.!?]+(?:\s|$)|,\s*(?:and|but|or)\b|[()]")
# The reason given for a rule ("..., to avoid a second fee", "..., so they get one mail"):
# it says why, not what the rule allows, up to the end of its sentence. A consequence that
# rules something out ("..., so no need for his signature") is part of the rule.
_REASON = re.compile(
    r"(?:,\s*(?:to|because|since|as|so(?!\s+(?:no|not|never)\b))\b"
    r"|\bso (?=(?:the|it|they|we|he|she|you|his|her|their)\b)"
    r"|\b(?:because|since|so that|in order to|to avoid|"
    r"to prevent)\b)[^.;]*+"
)


# The parts of a rule that a rewording may drop: its clauses, and the alternatives it
# covers ("on mail.fernbrook.com or any MX/SPF-related record").
_PARTS = re.compile(
    _CLAUSE.pattern + r"|\s(?:and|or)\s|,\s*(?=(?:with\s+)?(?:no|not|never|without)\b)"
)
_OBLIGATION = re.compile(
    r"\b(?:must|should|shall|has to|have to|needs? to|is required|are required|always|never)\b",
    re.IGNORECASE,
)
# A label before the colon that opens an item: "Churn definition agreed: ...".
_LEAD_IN = re.compile(r"^[*_ ]*+(?:[\w'-]++ ){0,4}[\w'-]++:[*_]*+\s")
# A label after a clause: "...; target outcome: penalty waived".
_INNER_LEAD_IN = re.compile(r"([;.]\s+)(?:[\w'-]++ ){0,2}[\w'-]++:\s")
# An aside in brackets: "LightGBM only (the serving stack supports it)".
_ASIDE = re.compile(r"\([^()]*+\)")
# The space an aside leaves before the punctuation after it ("Owner preference (Dev): ...").
_SPACE_BEFORE_STOP = re.compile(r"\s+(?=[:;,.])")


_CODE_SPAN = re.compile(r"`[^`\n]*+`")
# "Off" that switches nothing off: a verb's particle ("signed off", "paid off") or a
# default ("off by default" says what a setting starts as, not that it is off).
_NOT_SWITCHED = re.compile(
    r"\b(sign(?:ed|s)?|paid|pays?|kick(?:ed|s)?|log(?:ged|s)?|back(?:ed|s)?|"
    r"drop(?:ped|s)?|take[ns]?|took|hand(?:ed|s)?|laid|lays?|show(?:ed|n|s)?|head(?:ed|s)?|"
    r"cut|tip(?:ped|s)?|top(?:ped|s)?|finish(?:ed|es)?|set|ward(?:ed|s)?)[ -]off\b"
    r"|\b(off|disabled) by default\b"
)
# A bound said with "no" ("no later than 8 weeks before", "no speeches longer than 3
# minutes") limits, it forbids nothing: read as a bound ("at most ..."), whichever way it
# points, so that "capped at 3 minutes" is the same rule.
_BOUND = re.compile(
    r"\b(?:no|not) ((?:[\w'-]+ ){0,3}?)(longer|more|larger|bigger|higher|later|greater|"
    r"fewer|less|earlier|shorter|smaller|lower) than\b"
)
_RULED_OUT = re.compile(r"\b(?:ruled|left|kept) out\b")
_OFF_COMPOUND = re.compile(r"(?<=\w)-(?=off\b)|(?<=\boff)-(?=\w)")
_LOWER = frozenset({"fewer", "less", "earlier", "shorter", "smaller", "lower"})
_STOP_DOING = re.compile(r"\b(?:stop|quit|cease)(?= \w+ing\b)")


def _plain_negations(text: str) -> str:
    """``text`` in lower case with its negations spelled as "not": "don't", and "stop
    suggesting" (but not "stop the service"); code spans left out, for the words of a name
    (`migrations.tasks.backfill`) say nothing of the rule's sense."""
    text = _CODE_SPAN.sub(" ", text)
    text = _NOT_SWITCHED.sub(lambda m: f"{m[1]} done" if m[1] else "default", text.lower())
    text = _OFF_COMPOUND.sub("", text)  # "one-off", "off-site" are words, not switches
    text = _RULED_OUT.sub("excluded", text)
    text = _BOUND.sub(lambda m: f"{m[1]}at {'least' if m[2] in _LOWER else 'most'}", text)
    return _STOP_DOING.sub("not", text.replace("n't", " not"))


def without_reasons(text: str) -> str:
    """``text`` without the reasons it gives ("..., so the box goes to the new address")."""
    return _REASON.sub(" ", text)


def without_asides(text: str) -> str:
    """``text`` without what it says in brackets."""
    return _ASIDE.sub(" ", text)


def negates(text: str) -> bool:
    """True when ``text`` holds a word that forbids or negates ("never", "do not", "avoid")."""
    words = set(WORD.findall(_plain_negations(text)))
    return bool(words & (_NEGATING | {"without"}))


def polarity(text: str) -> bool:
    """True when ``text`` forbids: some clause of it, reasons left out, negates an odd number
    of times, counting the exceptions it makes ("no change without a test" requires a test,
    as "every change comes with a test" does). A bare "without" still negates.
    """
    text = _REASON.sub(" ", _plain_negations(text))
    for clause in _CLAUSE.split(text):
        words = WORD.findall(clause)
        negations = sum(1 for word in words if word in _NEGATING)
        exceptions = sum(1 for word in words if word in _EXCEPTING)
        count = negations + exceptions if negations else words.count("without")
        if count % 2:
            return True
    return False


def reversed_sense(old: str, new: str) -> bool:
    """``new`` states the rule of ``old`` the other way round ("always" → "never").

    Both readings must agree: one wording negates and the other does not, and clause by
    clause their sense differs too. A negation that cancels another ("no X without Y" for
    "every X with Y") or sits in the reason ("..., to avoid a second fee") reverses nothing,
    and a rule said with negations in both wordings is not flipped by counting them. And
    something must be turned round: a word one wording rules out (after a negation or a
    contrast in its clause) that the other states in a clause that rules nothing out
    ("always run the tests" → "never run the tests"). "Prefers merge over delete+insert" →
    "merge, not delete+insert" rules out the same thing; "a day trip, but not on a weekend"
    → "a day trip on a weekday" says the exception another way; "keep Parquet rather than
    switching to Delta" → "stay on Parquet; moving to Delta is not part of this work"
    rules Delta out twice.
    """
    if negates(old) == negates(new) or polarity(old) == polarity(new):
        return False
    before, after = _rules(old), _rules(new)
    return _turned(before.heads, after.plain) or _turned(after.heads, before.plain)


def _turned(heads: frozenset[str], plain: frozenset[str]) -> bool:
    """Whether a word ruled out is stated plainly, maybe in another form of it: "no need
    for his signature" → "must sign too" ("signat" is "sign" and a suffix; "databas" is no
    form of "data")."""
    return any(
        head == word
        or (
            min(len(head), len(word)) >= 4
            and (head[len(word) :], word[len(head) :])[len(head) < len(word)] in _SUFFIX_STEMS
            and (head.startswith(word) or word.startswith(head))
        )
        for head in heads
        for word in plain
    )


#: What is left of a derived word's stem past its root: "signat(ure)", "creat(ion)".
_SUFFIX_STEMS = frozenset({"at", "a", "e", "ur", "ment", "men", "ing", "in", "er"})


#: Words after which the rest of a clause is what a rule rules out or puts second: a
#: negation, or a preference's "over" / "instead of" / "rather than".
_RULING_OUT = _NEGATING | {
    "over", "instead", "rather", "than", "without", "except", "unless", "zero", "outside",
}  # fmt: skip


#: Words that rule out what comes before them in their clause: "fast roaming off", "ARR
#: weighting rejected for the headline", "Mike ruled out", "DNS TXT config is ignored".
#: First in their clause they rule out what follows ("rejected the caching provider").
_RULED_OUT_AFTER = frozenset({
    "off", "disabled", "rejected", "declined", "refused", "excluded", "ignored", "banned",
    "forbidden", "prohibited",
})  # fmt: skip


@dataclass(frozen=True)
class Rules:
    """What a wording rules out, and what it states plainly."""

    out: frozenset[str]
    plain: frozenset[str]
    #: The first word each negation or contrast rules out: what it is about ("no
    #: cutover during the freeze" is about the cutover, not the freeze).
    heads: frozenset[str] = frozenset()


def _rules(text: str) -> Rules:
    """The content words of ``text`` by their part in the rule: those after a negation or a
    contrast in their clause are ruled out, those of a clause without either are stated
    plainly. Reasons are left out."""
    # An aside gives examples of what the rule is about ("personal documents (SSNs, bank
    # numbers)"); it states nothing of its own.
    text = _REASON.sub(" ", _ASIDE.sub(" ", _plain_negations(text)))
    out: set[str] = set()
    plain: set[str] = set()
    heads: set[str] = set()
    for clause in _CLAUSE.split(text):
        words = [part for word in WORD.findall(clause) for part in word.split("-")]
        for index, word in enumerate(words):
            switched = content_words(" ".join(words[:index])) if word in _RULED_OUT_AFTER else None
            if switched:
                out |= switched
                heads |= switched
                break
            if word in _RULING_OUT:
                out |= content_words(" ".join(words[index + 1 :]))
                head = next((w for w in words[index + 1 :] if content_words(w)), None)
                if head is not None:
                    heads |= content_words(head)
                break
        else:
            if "only" not in words:  # "only one may run" restricts, it asserts nothing
                plain |= content_words(clause)
    return Rules(frozenset(out), frozenset(plain - out), frozenset(heads))


def dice(a: frozenset[str], b: frozenset[str]) -> float:
    return 2 * len(a & b) / (len(a) + len(b)) if a and b else 0.0


#: Capitalised words that name nobody: an approval, a placeholder.
_NOT_NAMES = frozenset({"ok", "okay", "tbd", "tba", "asap", "fyi", "eta", "etc", "n/a", "na"})


def gained_names(old: str, new: str) -> list[str]:
    """Names (capitalised words inside a sentence) that ``new`` has and ``old`` lacks; an
    acronym of words ``old`` spells out ("MDE" for "minimum detectable effect") is none."""
    words = set(WORD.findall(old.lower()))
    stems = content_words(old)
    sequence = [part for word in WORD.findall(old.lower()) for part in word.split("-")]
    initials = "".join(word[0] for word in sequence)
    gained = []
    for name in INNER_NAME.findall(new):
        lower = name.lower()
        if lower in STOPWORDS or lower in _NOT_NAMES or lower in words or stem(lower) in stems:
            continue
        if "-" in lower and content_words(lower) <= stems:
            continue  # "VAT-only" for a rule that spoke of the VAT
        if len(lower) >= 3 and any(word.startswith(lower) for word in words):
            continue  # "Sat" for "Saturday": the same word, shorter
        if name.isupper() and len(name) >= 2 and lower.rstrip("s") in initials:
            continue
        gained.append(name)
    return sorted(set(gained))


#: Word similarity (Dice) from which an item is a rewording of another.
REWORD_MIN = 0.5
#: Share of a clause's words the rewording may hold and still have dropped it, and the share
#: the whole new version must hold for the clause to have gone elsewhere rather than away.
DROPPED_KEPT_MAX = 0.2
DROPPED_ELSEWHERE_MIN = 0.6


def dropped_clause(old: str, new: str, everywhere: str) -> str | None:
    """A part of ``old`` (a clause, or what it joins with "and" or "or"; two content words or
    more, or a restriction: "no Prophet") that its rewording ``new`` leaves out and that the
    rest of the new version (``everywhere``) does not say either.

    "The user is vegetarian; prefers aisle seats" → "The user is vegetarian" dropped a
    preference; a rewording that only says a clause in other words keeps some of its words.
    Asides in brackets and reasons may go; a restriction said another way ("read-only
    unless approved" → "no changes without approval") keeps a negation.
    """
    kept = content_words(new)
    lines = [content_words(line) for line in everywhere.splitlines()]
    # Asides first: a reason that opens inside brackets ends with them, and a lead-in with
    # one ("Owner preference (Dev): ...") is found. A lead-in ("Churn definition agreed:
    # ...", "...; target outcome: ...") names the rule rather than being one.
    text = _SPACE_BEFORE_STOP.sub("", _ASIDE.sub(" ", old))
    text = _INNER_LEAD_IN.sub(r"\1", _REASON.sub(" ", _LEAD_IN.sub("", text)))
    plain = not negates(new)
    parts = _parts(text)
    for index, clause in enumerate(parts):
        # What an obligation requires of whom it names: "CSM Owen Pratt must be cc'd on
        # everything" → "CSM is Owen Pratt" keeps the names and drops the rule.
        words = content_words(clause)
        if _OBLIGATION.search(clause):
            said = words - content_words(" ".join(NAME.findall(" " + clause)))
            words = said if len(said) >= 2 else words
        # A restriction on one named thing ("no Prophet") is a part of its own; one common
        # word ("not by post") may well be said another way ("no paper claims").
        # So is one the rewording no longer states at all: "…, never texts" → "prefers
        # calls between 10:00 and 16:00".
        restricts = bool(_RESTRICTING.search(clause))
        least = 1 if (restricts and plain) or (negates(clause) and NAME.search(" " + clause)) else 2
        if len(words) < least:
            continue
        if len(words) == 1 and not NAME.search(" " + clause) and _kin(words, kept):
            continue  # "not on a weekend" said as "on a weekday"
        # A restriction the rewording no longer states at all, of what the rule's other
        # part speaks of: "south face only; no panels on the front face" → "south face
        # only" (the kept words are the other part's, the restriction's own are gone).
        others = content_words(" ".join(parts[:index] + parts[index + 1 :]))
        restriction_gone = (
            plain and negates(clause) and bool(words - kept) and words & kept <= others
        )
        if len(words & kept) > DROPPED_KEPT_MAX * len(words) and not restriction_gone:
            continue
        if words & kept and negates(clause) and negates(new):
            continue  # the restriction, said another way
        unsaid = words - kept
        if any(
            len(words & line) >= DROPPED_ELSEWHERE_MIN * len(words) and unsaid & line
            for line in lines
        ):
            continue  # said on another line of the new version
        return clause.strip()
    return None


#: What restricts a thing ("never texts", "no SMS"), as against a verb said not to hold
#: ("doesn't matter", which "irrelevant" says without a negation).
_RESTRICTING = re.compile(r"\b(?:no|never|without)\b", re.IGNORECASE)


def _kin(words: frozenset[str], others: frozenset[str]) -> bool:
    """Whether a word of ``words`` shares its first four letters with one of ``others``."""
    return any(len(a) >= 4 and len(b) >= 4 and a[:4] == b[:4] for a in words for b in others)


def _parts(text: str) -> list[str]:
    """The parts of ``text`` (see ``_PARTS``); a restriction that opens a clause ends at
    its comma: "no MockK for the crypto classes, use real keys" is two parts."""
    parts = []
    for part in _PARTS.split(text):
        head, comma, rest = part.partition(",")
        if comma and _OPENS_RESTRICTION.match(head):
            parts += [head, rest]
        else:
            parts.append(part)
    return parts


_OPENS_RESTRICTION = re.compile(r"\s*(?:no|not|never|without|do not|don't)\b", re.IGNORECASE)


def swapped_word(old: str, new: str) -> tuple[str, str] | None:
    """The one word swapped for another in an otherwise identical sentence, if that is all.

    "Claim the simplified deduction" → "Claim the regular deduction" is a new value, not a
    rewording: a rewording moves or changes more than one word.
    """
    a, b = WORD.findall(old.lower()), WORD.findall(new.lower())
    ops = [op for op in difflib.SequenceMatcher(None, a, b).get_opcodes() if op[0] != "equal"]
    if len(ops) != 1:
        return None
    tag, i1, i2, j1, j2 = ops[0]
    if tag != "replace" or i2 - i1 != 1 or j2 - j1 != 1:
        return None
    before, after = a[i1], b[j1]
    if before in STOPWORDS or after in STOPWORDS or inflected(before, after):
        return None
    if before in _NEGATING and after in _NEGATING:
        return None  # "avoids night buses" → "no night buses"
    return before, after


def inflected(a: str, b: str) -> bool:
    """One word in two forms ("write" / "writing", "run" / "runs"): not a new value."""
    if stem(a) == stem(b):
        return True
    shorter = min(len(a), len(b))
    common = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), shorter)
    return not a.isdigit() and common >= 3 and common >= shorter - 2
