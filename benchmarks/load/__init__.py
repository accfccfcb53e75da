"""The load run (issue 30): the app and its peer under many concurrent sessions over HTTP."""
