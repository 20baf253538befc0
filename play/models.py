# The Game model and its action log come here (see ARCHITECTURE.md).
