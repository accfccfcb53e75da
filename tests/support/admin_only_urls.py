"""A host URLconf with the admin but without the compaction API."""

from django.contrib import admin
from django.urls import path

urlpatterns = [path("admin/", admin.site.urls)]
