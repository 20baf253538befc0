"""The games campaigns played before play.Game.rematch_offered existed: no rematch, and their
mayors' colours in the charts, as for every chapter game made from now on."""

from django.db import migrations


def mark_chapter_games(apps, schema_editor):
    ChapterGame = apps.get_model("campaign", "ChapterGame")
    Mayor = apps.get_model("campaign", "Mayor")
    colours_of: dict[int, dict[int, str]] = {}
    for campaign_id, seat, colour in Mayor.objects.values_list("campaign_id", "seat", "colour"):
        colours_of.setdefault(campaign_id, {})[seat] = colour
    for chapter_game in ChapterGame.objects.exclude(game=None).select_related("game"):
        game = chapter_game.game
        colours = colours_of.get(chapter_game.campaign_id, {})
        game.rematch_offered = False
        game.seats = [
            {**seat, "colour": colours[index]} if index in colours else seat
            for index, seat in enumerate(game.seats)
        ]
        game.save(update_fields=["rematch_offered", "seats"])


class Migration(migrations.Migration):
    dependencies = [
        ("campaign", "0001_initial"),
        ("play", "0005_game_rematch_offered"),
    ]

    operations = [migrations.RunPython(mark_chapter_games, migrations.RunPython.noop)]
