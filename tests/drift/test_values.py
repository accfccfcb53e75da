"""The artifact values of a text, found by their syntax, and looked up leniently."""

from __future__ import annotations

from compaction.drift.values import MAX_VALUES, Haystack, located, values


def kinds(text: str) -> list[tuple[str, str]]:
    return [(value.kind, value.text) for value in values(text)]


def test_values_are_found_by_their_syntax_never_by_a_word_list() -> None:
    text = (
        "Fixed `FeedImageCache.store(_:for:)` in FeedKit/Sources/Cache.swift (LRK-2291, "
        "commit 7c1e9ab) before 4.12.0 ships on 2026-12-03 at 10:00 CET: 1,284 crashes, "
        "92%, 150 MB; see https://example.com/a/b?c=1. Wire the Caching layer; Moving on."
    )
    assert kinds(text) == [
        ("identifier", "FeedImageCache.store(_:for:)"),
        ("path", "FeedKit/Sources/Cache.swift"),
        ("identifier", "LRK-2291"),
        ("identifier", "7c1e9ab"),
        ("version", "4.12.0"),
        ("date", "2026-12-03"),
        ("date", "10:00"),
        ("number", "1,284"),
        ("number", "92%"),
        ("number", "150 MB"),
        ("url", "https://example.com/a/b?c=1"),
    ]
    # Capitalised words are prose: "Wire", "Caching" and "Moving" are not values.
    assert not any(value.text in ("Wire", "Caching", "Moving") for value in values(text))


def test_a_value_inside_another_is_part_of_it() -> None:
    assert kinds("`pytest tests/test_api.py -k 42` and 10.40.0.0/16 and +49 151 2290 4471") == [
        ("identifier", "pytest tests/test_api.py -k 42"),
        ("identifier", "10.40.0.0/16"),
        ("identifier", "+49 151 2290 4471"),
    ]
    assert [offset for offset, _ in located("a 5 b 5")] == [2, 6]


def test_a_value_is_found_again_in_any_of_its_written_forms() -> None:
    found = Haystack(
        "Retry after 1284 crashes on Dec 3 at 9:05pm; limit 150MB; `jest.fn`/`jest.spyOn`; "
        "`WebhookDeliveryJob`s queued."
    )
    for text in (
        "1,284 crashes",
        "2026-12-03",
        "21:05",
        "150 MB",
        "jest.fn()",
        "WebhookDeliveryJob",
    ):
        assert found.holds(values(text)[0]) or found.holds_part(values(text)[0]), text
    # A longer token is another value: "/billing" is not in "/billing2", 5432 not in 54321.
    other = Haystack("https://staging.example.com/billing2 on port 54321, service P3m")
    assert not other.holds(values("https://staging.example.com/billing")[0])
    assert not other.holds(values("port 5432")[0])
    assert not other.holds(values("version 3")[0])  # a digit inside an identifier


def test_a_shorter_form_is_a_part_not_the_value() -> None:
    found = Haystack("Ported `TenantFilter` and ran `--wsrep-recover`; `cancelAllWork()` removed.")
    for text in (
        "`billing-web/src/main/java/com/acme/TenantFilter.java`",
        "`mysqld --wsrep-recover`",
        "`WorkManager.getInstance(this).cancelAllWork()`",
    ):
        value = values(text)[0]
        assert not found.holds(value) and found.holds_part(value), text
    # Arguments that are values are the point of a call: no shorter form of it.
    assert not Haystack("`ofSizeAndGrace`").holds_part(values("`ofSizeAndGrace(5, 60)`")[0])


def test_extraction_is_bounded() -> None:
    text = " ".join(f"src/m{i}.py" for i in range(3 * MAX_VALUES))
    assert len(values(text)) == MAX_VALUES
