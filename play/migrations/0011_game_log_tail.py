"""Each game keeps the last entries of its log on its row (Game.log_tail); the games already
stored get theirs from their log."""

from django.db import migrations, models

LOG_LENGTH = 30  # as play.models has it now; a migration keeps its own


def fill_log_tails(apps, schema_editor):
    Game = apps.get_model("play", "Game")
    GameAction = apps.get_model("play", "GameAction")
    for game in Game.objects.only("pk").iterator():
        rows = (
            GameAction.objects.filter(game_id=game.pk)
            .order_by("-index")
            .values_list("index", "seat", "action", "events")[:LOG_LENGTH]
        )
        tail = [list(row) for row in reversed(rows)]
        Game.objects.filter(pk=game.pk).update(log_tail=tail)


class Migration(migrations.Migration):
    dependencies = [
        ("play", "0010_shared_board_lz4"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="log_tail",
            field=models.JSONField(default=list),
        ),
        migrations.RunPython(fill_log_tails, migrations.RunPython.noop, elidable=True),
    ]
