"""Where program output shows an error: the lines preserved text and the offline summary keep."""

from __future__ import annotations

from compaction.engine.failures import error_lines, failing_frame, failure_lines

OUTPUT = (
    "src/billing/models.py:12: error: Incompatible types in assignment\n"  # mypy
    "    ValueError: if the amount is not a number.\n"  # a docstring
    "    except KeyError: pass\n"  # code
    "E       KeyError: 'currency'\n"  # pytest
    "fatal: not a git repository (or any of the parent directories): .git\n"
    "  Applying billing.0007...Traceback (most recent call last):\n"
    '  File "/srv/app/db.py", line 9, in run\n'
    "psycopg.errors.UniqueViolation: duplicate key value\n"
    "Not an error: just prose.\n"
)


def test_failure_lines_are_errors_a_program_printed() -> None:
    assert failure_lines(OUTPUT) == ((0, 0), (3, 3), (4, 4), (5, 7))


def test_error_lines_are_the_errors_as_printed_a_traceback_by_its_exception() -> None:
    assert error_lines(OUTPUT) == [
        "error: Incompatible types in assignment",
        "KeyError: 'currency'",
        "fatal: not a git repository (or any of the parent directories): .git",
        "psycopg.errors.UniqueViolation: duplicate key value",
    ]
    assert error_lines("FAILED tests/test_api.py::test_login - AssertionError") == [
        "FAILED tests/test_api.py::test_login - AssertionError"
    ]
    assert error_lines("The request failed with 503 Service Unavailable") == []
    assert error_lines("HTTP 503 Service Unavailable") == ["HTTP 503 Service Unavailable"]


def test_the_failing_frame_is_the_innermost_one() -> None:
    assert failing_frame(OUTPUT) == "/srv/app/db.py:9"
    assert failing_frame("no traceback here") is None
