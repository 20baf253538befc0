"""Every move writes its version's boards (about 25 KB each) into SharedBoard.html, and the other
processes read them back at once: PostgreSQL's default compression (pglz) took 0.20 ms of its
CPU a board where lz4 takes 0.04 ms (docs/live.md, "The fourth stop"). A PostgreSQL built
without lz4 keeps pglz; SQLite compresses nothing."""

from django.db import DatabaseError, migrations, transaction


def compress_with_lz4(apps, schema_editor):
    connection = schema_editor.connection
    if connection.vendor != "postgresql":
        return
    table = schema_editor.quote_name(apps.get_model("play", "SharedBoard")._meta.db_table)
    try:
        with transaction.atomic(using=connection.alias):
            schema_editor.execute(f"ALTER TABLE {table} ALTER COLUMN html SET COMPRESSION lz4")
    except DatabaseError:
        pass  # built without lz4 ("compression method lz4 not supported"): pglz it stays


def compress_with_pglz(apps, schema_editor):
    connection = schema_editor.connection
    if connection.vendor != "postgresql":
        return
    table = schema_editor.quote_name(apps.get_model("play", "SharedBoard")._meta.db_table)
    schema_editor.execute(f"ALTER TABLE {table} ALTER COLUMN html SET COMPRESSION pglz")


class Migration(migrations.Migration):
    dependencies = [
        ("play", "0009_game_seed_chosen"),
    ]

    operations = [migrations.RunPython(compress_with_lz4, compress_with_pglz)]
