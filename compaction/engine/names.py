"""Who and what a summary names: people, companies and places, phone numbers, handles and
channels, and the codes people read out (an IBAN, a certificate fingerprint, a reference
like ``P7Q2XKD``).

Part of the one fact extractor (``compaction.engine.facts``), which scans them with the
other atoms. A proper name is a ``name`` fact: a summary that no longer says whom to call
(``Raj Menon``) or which company it deals with (``Kestrel Freight``) lost something an agent
needs. Phone numbers, handles, channels and codes are ``identifier`` facts: exact values
to copy.

Pure: no Django, no database.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from compaction.engine.paths import path_value
from compaction.engine.quantities import is_calendar_word

Span = tuple[int, int, str, str]

# A phone number: international ("+49 40 555 8120", "+1 (415) 555-0134") or national with a
# leading 0 and spaced groups ("07700 900418", "01453 872 019"), or North American
# ("1-888-866-4352", "(415) 555-0134"). Dates, times, amounts and
# versions start otherwise or use other separators.
_PHONE = re.compile(
    r"(?<![\w+.,/:-])(?:\+\d{1,3}(?:[ .-]?\(?\d{1,5}\)?){1,5}[ .-]?\d{2,5}"
    r"|0\d{2,5}(?:[ -]\d{2,8}){1,3}"
    r"|(?:1[ .-])?(?:\(\d{3}\) ?|\d{3}[ .-])\d{3}[ .-]\d{4})(?![\w.,/:-]?\d)"
)
_PHONE_DIGITS = (7, 15)
# An IBAN ("AT61 1904 3002 3457 3201"), a fingerprint ("9B:3E:71:0C:..."), a reference of
# capitals and digits ("P7Q2XKD", "HM-4471-902-18"): all of them read out digit by digit.
_CODE = re.compile(
    r"(?<![\w:-])(?:"
    r"[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?"
    r"|[0-9A-F]{2}(?::[0-9A-F]{2}){3,31}"
    r"|(?=[A-Z0-9-]{5,40}(?![\w-]))(?=[A-Z-]*\d[A-Z-]*\d)(?=[0-9-]*[A-Z])[A-Z0-9]{2,}(?:-[A-Z0-9]{2,})*"
    r")(?![\w:-])"
)
# A phone extension ("ext. 4417"), and a long run of digits that a label calls an id: an
# account, order or reference number ("developer account ID 6702983451128847755").
_EXTENSION = re.compile(r"\bext\.? ?\d{2,6}\b", re.IGNORECASE)
_LONG_ID = re.compile(
    r"\b(?:id|no|nr|number|account|order|reference|ref|customer|ticket|case|claim|booking|"
    r"policy|invoice|contract|member|membership|tracking|serial|application|incident)[.:#]? "
    r"(?P<id>\d{6,25})(?![\w]|[.,]\d)",
    re.IGNORECASE,
)
# A number read out in groups that is no date: a ticket "220-2418876503", a card.
_DIGIT_CODE = re.compile(r"(?<![\w.,/:+-])\d{2,6}(?:-\d{2,12}){1,4}(?![\w-]|[.,]\d)")
# A number read out in spaced groups ("4407 2291 8830", a card "8815 7302 4419 6638"); a
# thousands-grouped amount ("1 250 000") is a number, not a code.
_SPACED_CODE = re.compile(r"(?<![\w.,/:+-])\d{2,6}(?: \d{2,6}){2,5}(?![\w-]|[.,:/]\d)")
_THOUSANDS = re.compile(r"\d{1,3}(?: \d{3})+")
_DATE_LIKE = re.compile(r"\d{4}-\d\d(?:-\d\d)?|\d\d-\d\d-\d{2,4}")
_CODE_DIGITS = 8
_SPACED_DIGITS = 10
# A handle ("@mkovacs") or a chat channel ("#inc-checkout"): whom to ping, where to post.
_HANDLE = re.compile(
    r"(?<![\w@.#&/-])(?:@[A-Za-z][\w.-]{0,38}[\w]|#[a-z][a-z0-9_-]{0,78}[a-z0-9])(?![\w@-])"
)
_FILE_END = re.compile(r"\.[a-z]{1,4}$")
# A capitalised word with at least one small letter (acronyms are no names): "Inês",
# "HanseMerkur", "O'Neill".
_CAPITAL = r"[A-ZÀ-ÖØ-Þ][^\W\d_]*[a-zß-öø-ÿ][^\W\d_]*(?:['\u2019](?![sS]\b)[A-Za-z]+)?"
# Small words inside names: "Physio am Park", "Ana de Souza", "Bank of Ireland".
_PARTICLE = r"(?:am|an|de|da|das|del|della|der|di|do|dos|du|la|le|van|von|of|y)"
_PROPER = re.compile(
    rf"(?<![\w.'\u2019-]){_CAPITAL}(?: (?:{_PARTICLE} )?{_CAPITAL}){{1,3}}(?![\w-]|['\u2019]\w\w)"
)
# One capitalised word inside a sentence names someone or something too ("call Per",
# "a review on Trustpilot"); a CamelCase word is an identifier, and the days and months
# are dates.
_SINGLE = re.compile(
    r"(?<![\w.'\u2019@#/:-])[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]+(?:['\u2019](?![sS]\b)[a-z]+)?"
    r"(?![\w/@-]|\.\w|['\u2019]\w\w)"
)
# What a single capitalised word after it is: a gloss in brackets ("(Rufnummernmitnahme)"),
# a step of a menu ("Setup → App integrity"), a quotation ("« Nous avions ..."), the end of
# an acronym's name ("the EU AI Act"), what follows a label or a dash ("Status: Waiting",
# "approved — Pending"), where a capital is grammar.
_GLOSS = re.compile(r"(?:[(\u2192>\u203a/\"\u201c\u00ab'\u2018]|\b[A-Z]{2,}|[:\u2013\u2014]) ?$")
# A person named with a title ("Dr. Albers", "Frau Yilmaz"): one word after the title is
# enough.
_TITLED = re.compile(
    r"\b(?:Mr|Mrs|Ms|Mx|Dr|Prof|Frau|Herr|Mme|Mlle|Sr|Sra)\.? [A-Z][\w'-]{1,30}"
    r"(?: [A-Z][\w'-]{1,30})?"
)
# What comes before a word that starts a sentence or an item, whose capital says nothing.
_SENTENCE_START = re.compile(
    r"(?:^|[.!?;]\s+|\n\s*(?:[-*+\u2022]|\d{1,3}[.)]|#{1,6})?\s*)(?:\*\*|[\"'\u201c(\u00ab]\s?)?$"
)
_WORD = re.compile(r"\S+")


def phone_key(value: str) -> str:
    """A phone number's digits (with its leading +): how it is spaced says nothing."""
    return ("+" if value.startswith("+") else "") + "".join(ch for ch in value if ch.isdigit())


def is_phone(value: str) -> bool:
    return _PHONE.fullmatch(value) is not None and is_phone_key(phone_key(value))


def is_phone_key(key: str) -> bool:
    digits = key.removeprefix("+")
    return digits.isdigit() and _PHONE_DIGITS[0] <= len(digits) <= _PHONE_DIGITS[1]


def name_key(value: str) -> str:
    return " ".join(value.lower().split())


def name_spans(
    text: str, limited: Callable[[Iterator[re.Match[str]]], Iterator[re.Match[str]]]
) -> Iterator[Span]:
    """The names, phone numbers and codes of ``text``; ``limited`` bounds the matches."""
    for match in limited(_PHONE.finditer(text)):
        if is_phone_key(phone_key(match.group())):
            yield match.start(), match.end(), "identifier", match.group()
    for match in limited(_CODE.finditer(text)):
        yield match.start(), match.end(), "identifier", match.group()
    for match in limited(_EXTENSION.finditer(text)):
        yield match.start(), match.end(), "identifier", match.group()
    for match in limited(_LONG_ID.finditer(text)):
        yield match.start("id"), match.end("id"), "identifier", match["id"]
    for match in limited(_DIGIT_CODE.finditer(text)):
        value = match.group()
        if not _DATE_LIKE.fullmatch(value) and sum(ch.isdigit() for ch in value) >= _CODE_DIGITS:
            yield match.start(), match.end(), "identifier", value
    for match in limited(_SPACED_CODE.finditer(text)):
        value = match.group()
        if not _THOUSANDS.fullmatch(value) and sum(ch.isdigit() for ch in value) >= _SPACED_DIGITS:
            yield match.start(), match.end(), "identifier", value
    for match in limited(_HANDLE.finditer(text)):
        handle = match.group()
        if handle.startswith("@") and (path_value(handle[1:]) or _FILE_END.search(handle)):
            continue  # "@printenv.pl" names a file, not a person
        yield match.start(), match.end(), "identifier", match.group()
    # "Oskar" where the text also says "Oskar Lindqvist" is the same person.
    named_words: set[str] = set()
    for match in limited(_TITLED.finditer(text)):
        named_words.update(match.group().lower().split())
        yield match.start(), match.end(), "name", match.group()
    for match in limited(_PROPER.finditer(text)):
        start, value = match.start(), match.group()
        if _in_heading(text, start):
            continue  # a heading names a section
        if _SENTENCE_START.search(text[max(0, start - 12) : start]):
            # "Applied to ..." or "Tidal Fintech ..." at the start of an item: the first
            # capital may be grammar, so only the words after it are a name.
            words = _WORD.findall(value)
            if len(words) < 3:
                continue
            rest = 2 if re.fullmatch(_PARTICLE, words[1]) else 1
            start = start + value.index(words[rest], len(words[0]))
            value = value[value.index(words[rest], len(words[0])) :]
        named_words.update(value.lower().split())
        yield start, start + len(value), "name", value
    for match in limited(_SINGLE.finditer(text)):
        start, value = match.start(), match.group()
        if value.lower() in named_words or is_calendar_word(value):
            continue
        if _starts_sentence(text, start):
            continue
        if _GLOSS.search(text[max(0, start - 12) : start]):
            continue
        yield start, match.end(), "name", value


def _in_heading(text: str, start: int) -> bool:
    return text.startswith("#", text.rfind("\n", 0, start) + 1)


def _starts_sentence(text: str, start: int) -> bool:
    """Whether the word at ``start`` opens a heading, an item or a sentence, where a capital
    is grammar."""
    return _in_heading(text, start) or bool(
        _SENTENCE_START.search(text[max(0, start - 12) : start])
    )
