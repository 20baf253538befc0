import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("campaign", "0002_chapter_games_offer_no_rematch"),
    ]

    operations = [
        migrations.CreateModel(
            name="CampaignSnapshot",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("version", models.PositiveIntegerField()),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("create", "the campaign begins"),
                            ("read", "the deck is read on"),
                            ("pick", "a mayor picks"),
                            ("event", "an event STOP is turned"),
                            ("game over", "a game is won"),
                            ("record", "a game played with the box is recorded"),
                            ("after game", "the steps after the game"),
                            ("free play", "free play"),
                            ("take back", "a step is taken back"),
                        ],
                        max_length=16,
                    ),
                ),
                ("words", models.JSONField(default=dict)),
                ("document", models.JSONField()),
                ("taken", models.DateTimeField(auto_now_add=True)),
                (
                    "campaign",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="snapshots",
                        to="campaign.campaign",
                    ),
                ),
            ],
            options={
                "ordering": ["campaign", "-version"],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("campaign", "version"), name="one_snapshot_per_version"
                    )
                ],
            },
        ),
    ]
