"""A campaign no longer holds a seed every game's seed follows from: one game's seed, shown at
its end, gave away every later game's dice. Each game's seed is drawn on its own now, unless the
campaign was made with a seed chosen for it (`chosen_seed`). Campaigns made before were given a
seed at random, never a chosen one: theirs is dropped, so their coming games draw their own.
Their games keep the seeds they were set up with (in each game's setup)."""

from django.db import migrations, models


def forget_drawn_seeds(apps, schema_editor):
    apps.get_model("campaign", "Campaign").objects.update(seed=None)


class Migration(migrations.Migration):
    dependencies = [
        ("campaign", "0005_golden_book_entries_are_the_winners"),
    ]

    operations = [
        migrations.AlterField(
            model_name="campaign",
            name="seed",
            field=models.BigIntegerField(blank=True, default=None, null=True),
        ),
        migrations.AlterField(
            model_name="historicalcampaign",
            name="seed",
            field=models.BigIntegerField(blank=True, default=None, null=True),
        ),
        migrations.RunPython(forget_drawn_seeds, migrations.RunPython.noop, elidable=True),
        migrations.RenameField(model_name="campaign", old_name="seed", new_name="chosen_seed"),
        migrations.RenameField(
            model_name="historicalcampaign", old_name="seed", new_name="chosen_seed"
        ),
    ]
