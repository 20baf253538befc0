"""Every Golden Book entry belongs to the mayor who won its game: an entry whose mayor differs
from its chapter game's winner is given the winner (the Golden Book, the chapter tiles, the
charts and the overall result then count the same wins)."""

from django.db import migrations


def entries_to_the_winners(apps, schema_editor):
    GoldenBookEntry = apps.get_model("campaign", "GoldenBookEntry")
    ChapterGame = apps.get_model("campaign", "ChapterGame")
    winners = {
        (campaign_id, chapter): winner_id
        for campaign_id, chapter, winner_id in ChapterGame.objects.exclude(winner=None).values_list(
            "campaign_id", "chapter", "winner_id"
        )
    }
    for entry in GoldenBookEntry.objects.all():
        winner = winners.get((entry.campaign_id, entry.chapter))
        if winner is not None and winner != entry.mayor_id:
            entry.mayor_id = winner
            entry.save(update_fields=["mayor"])


class Migration(migrations.Migration):
    dependencies = [("campaign", "0004_winners_moment_phase")]

    operations = [migrations.RunPython(entries_to_the_winners, migrations.RunPython.noop)]
