# Models come here (see ARCHITECTURE.md).
