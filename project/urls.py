from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from project import chat

urlpatterns = [
    path("", chat.chat_page, name="chat"),
    path("chat/replay/", chat.replay_transcript, name="chat-replay"),
    path("chat/sessions/<uuid:session_id>/turn/", chat.chat_turn, name="chat-turn"),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
    path("api/compaction/", include("compaction.api.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="swagger-ui"),
    path("api-auth/", include("rest_framework.urls")),
]
