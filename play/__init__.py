# Deliberately free of Django imports: play.engine is imported without settings.
