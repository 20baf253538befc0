"""Writes of one transaction sent to the database together.

Each statement a request sends is a round trip: the request's thread waits for PostgreSQL,
then for the GIL again. Under load that wait was most of a move's time (docs/live.md, "The
fifth stop"): a move spent 10 ms computing and 17 ms on its seven statements. Writes whose
answer nobody reads (a new row whose key is not needed, an update of a locked row, a NOTIFY)
can go in one round trip: PostgreSQL takes several statements in one query when the values
are bound in the client, which is what Django's psycopg backend does. Other databases get
them one by one, in the same order; SQLite runs in the process, so there is no trip to save.
"""

from __future__ import annotations

from django.db import connections
from django.db.models import Model

Statement = tuple[str, list]


def insert(row: Model, *, using: str = "default") -> Statement:
    """INSERT of `row` with every column but an automatic primary key (its key is not read
    back: `row.pk` stays None). Fields that fill themselves (`auto_now_add`) are filled."""
    connection = connections[using]
    quote = connection.ops.quote_name
    fields = [field for field in row._meta.local_concrete_fields if not field.auto_created]
    values = [field.get_db_prep_save(field.pre_save(row, True), connection) for field in fields]
    columns = ", ".join(quote(field.column) for field in fields)
    marks = ", ".join(["%s"] * len(fields))
    return f"INSERT INTO {quote(row._meta.db_table)} ({columns}) VALUES ({marks})", values


def update(row: Model, field_names: list[str], *, using: str = "default") -> Statement:
    """UPDATE of `field_names` of `row`, by its primary key, as `save(update_fields=…)` would
    write them (an `auto_now` field among them is set to now). Sends no model signals."""
    connection = connections[using]
    quote = connection.ops.quote_name
    fields = [row._meta.get_field(name) for name in field_names]
    values = [field.get_db_prep_save(field.pre_save(row, False), connection) for field in fields]
    assignments = ", ".join(f"{quote(field.column)} = %s" for field in fields)
    primary_key = row._meta.pk
    return (
        f"UPDATE {quote(row._meta.db_table)} SET {assignments}"
        f" WHERE {quote(primary_key.column)} = %s",
        [*values, primary_key.get_db_prep_value(row.pk, connection)],
    )


def send_together(statements: list[Statement], *, using: str = "default") -> None:
    """Run `statements` in order, in the current transaction: on PostgreSQL in one round trip."""
    if not statements:
        return
    connection = connections[using]
    with connection.cursor() as cursor:
        if _in_one_query(connection) and len(statements) > 1:
            cursor.execute(
                "; ".join(sql for sql, _values in statements),
                [value for _sql, values in statements for value in values],
            )
            return
        for sql, values in statements:
            cursor.execute(sql, values)


def _in_one_query(connection) -> bool:
    # Values bound in the server (Django's `server_side_binding` option) make a query one
    # prepared statement, which cannot hold several.
    return connection.vendor == "postgresql" and not connection.settings_dict.get(
        "OPTIONS", {}
    ).get("server_side_binding")
