"""The message table hash-partitioned by session: the SQL a host applies, and its reverse.

``compaction_message`` grows with every turn of every session, and every statement the hot
path sends for it names one session. Partitioned by hash of ``session_id`` (PostgreSQL's
declarative partitioning), each such statement is planned against one partition, its indexes
stay the size of a partition, and a partition can be vacuumed, moved or detached alone.

What changes in the table: a partitioned table's primary key and unique constraints must
include the partition key, so the primary key becomes ``(id, session_id)``; ``id`` stays
unique because one sequence gives every id (nothing in the app looks a message up by id
alone, and no table has a foreign key to a message). ``(session_id, seq)`` is unique as
before; the two other indexes and every check constraint keep their names; the foreign key
to the session keeps Django's name. The identity column becomes a sequence default, as a
partitioned table cannot have an identity column before PostgreSQL 17.

Apply it from a migration of the host's own (docs/operations.md, "Growing past one
database"): ``migrations.RunSQL(hash_partition_sql(partitions=16), unpartition_sql())``.
It rewrites the table under an exclusive lock, so run it before the table is large, or in a
maintenance window. Pure text, nothing of Django: the statements are plain PostgreSQL.
"""

from __future__ import annotations

TABLE = "compaction_message"
#: The names Django gave the constraints and indexes (models.py, migrations): kept, so that
#: later migrations that alter them by name find them.
PRIMARY_KEY = "compaction_message_pkey"
SEQ_UNIQUE = "compaction_message_seq_uniq"
TOKENS_INDEX = "compaction_message_tok_idx"
PINNED_INDEX = "compaction_message_pinned_idx"
SESSION_FK = "compaction_message_session_id_c24248a8_fk_compactio"
SEQUENCE = "compaction_message_id_seq"

#: At most this many partitions: each is a table with four indexes.
MAX_PARTITIONS = 1024


def partition_name(remainder: int) -> str:
    return f"{TABLE}_p{remainder}"


def _keys_and_indexes(primary_key: str) -> list[str]:
    return [
        f"ALTER TABLE {TABLE} ADD CONSTRAINT {PRIMARY_KEY} PRIMARY KEY ({primary_key})",
        f"ALTER TABLE {TABLE} ADD CONSTRAINT {SEQ_UNIQUE} UNIQUE (session_id, seq)",
        f"CREATE INDEX {TOKENS_INDEX} ON {TABLE} (session_id, tokens_through)",
        f"CREATE INDEX {PINNED_INDEX} ON {TABLE} (session_id, seq) WHERE pinned",
        f"ALTER TABLE {TABLE} ADD CONSTRAINT {SESSION_FK} FOREIGN KEY (session_id) "
        "REFERENCES compaction_chatsession (id) DEFERRABLE INITIALLY DEFERRED",
    ]


def _copy_of(source: str, *, partitioned: bool) -> list[str]:
    """The table rebuilt from ``source`` (renamed away first): columns, defaults, check
    constraints; the rows copied; ``source`` dropped. Keys and indexes come after the copy,
    built once rather than row by row, under the names the old ones free."""
    like = "INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING STORAGE INCLUDING COMMENTS"
    by = " PARTITION BY HASH (session_id)" if partitioned else ""
    return [
        f"ALTER TABLE {TABLE} RENAME TO {source}",
        f"CREATE TABLE {TABLE} (LIKE {source} {like}){by}",
        # The old default (identity, or the sequence that dropping the old table drops).
        f"ALTER TABLE {TABLE} ALTER COLUMN id DROP DEFAULT",
    ]


def hash_partition_sql(*, partitions: int = 16) -> list[str]:
    """Statements that turn ``compaction_message`` into a table hash-partitioned by
    ``session_id`` into ``partitions`` partitions (``compaction_message_p0`` ...), rows kept,
    ids continuing where they were. Run them in one transaction (a migration does)."""
    if not (isinstance(partitions, int) and 1 <= partitions <= MAX_PARTITIONS):
        raise ValueError(f"partitions must be an integer from 1 to {MAX_PARTITIONS}")
    old = f"{TABLE}_unpartitioned"
    return [
        *_copy_of(old, partitioned=True),
        *(
            f"CREATE TABLE {partition_name(r)} PARTITION OF {TABLE} "
            f"FOR VALUES WITH (MODULUS {partitions}, REMAINDER {r})"
            for r in range(partitions)
        ),
        f"INSERT INTO {TABLE} SELECT * FROM {old}",
        f"DROP TABLE {old}",  # and its identity sequence, compaction_message_id_seq
        f"CREATE SEQUENCE {SEQUENCE} OWNED BY {TABLE}.id",
        f"SELECT setval('{SEQUENCE}', COALESCE((SELECT max(id) FROM {TABLE}), 0) + 1, false)",
        f"ALTER TABLE {TABLE} ALTER COLUMN id SET DEFAULT nextval('{SEQUENCE}')",
        *_keys_and_indexes("id, session_id"),
    ]


def unpartition_sql() -> list[str]:
    """The reverse: one plain table again, as Django's migrations created it (identity id,
    primary key ``id``), rows and ids kept."""
    old = f"{TABLE}_partitioned"
    return [
        *_copy_of(old, partitioned=False),
        f"INSERT INTO {TABLE} SELECT * FROM {old}",
        f"DROP TABLE {old}",  # its partitions and its sequence with it
        f"ALTER TABLE {TABLE} ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY",
        f"SELECT setval(pg_get_serial_sequence('{TABLE}', 'id'), "
        f"COALESCE((SELECT max(id) FROM {TABLE}), 0) + 1, false)",
        *_keys_and_indexes("id"),
    ]
