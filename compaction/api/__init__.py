"""The REST API for frontends (Django REST framework)."""
