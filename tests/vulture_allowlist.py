"""Names vulture reports as unused that are used (tests/test_architecture.py, the dead-code check): each is called
by a library by its name, or is kept for a reason named beside it.  Keep this short: dead code is deleted, not
listed here.  (Not a test module: vulture reads it as more source in which these names count as used.)"""

# ruff: noqa: F821, B018
# called by name by a library
_.__getattr__  # a package's lazy names (PEP 562: gamekit.connect, gamekit.rooms)
_.typingctx  # numba's @intrinsic signature (gamekit/dots/kernels.py)
_.writeable  # numpy's array flags, set to freeze shared tables (gamekit/dots/fast.py)
_.comment_tags  # Babel's extractor signature (gamekit/rooms/speech.py)
_.keywords  # Babel's extractor signature (gamekit/rooms/speech.py)
_.signum  # a signal handler's signature (gamekit/rooms/workers.py)
_.on_close  # tornado's WebSocketHandler hook (gamekit/rooms/room_socket.py)
_.log_exception  # tornado's RequestHandler hook (gamekit/rooms/web.py)
_.set_default_headers  # tornado's RequestHandler hook
_.set_extra_headers  # tornado's StaticFileHandler hook
_.picture_label  # anywidget traitlets read by the board's JavaScript (gamekit/widgets/access.py)
_.chart_label
_.icon  # an ipywidgets Button trait (gamekit/widgets/lesson.py)
_.undo_move  # room store writes, dispatched by name from RoomStore.ROOM_WRITES (gamekit/rooms/store_interface.py)
_.clear_request
_._add_move
_.lb_  # a numba kernel's unpacked pair, one half unused (gamekit/dots/kernels.py)
_.COLUMN_NAMES  # N_() marks these messages for extraction (gamekit/shutbox/lesson_tables.py)

# in files other branches are rewriting now: to be deleted or used there, then removed from this list
_.gw  # gamekit/connect/view.py grid_box() unpacking (the views' branch)
_.show_position  # gamekit/dots/lesson_pictures.py (the lessons branch, issue 35)
_.last_click_time  # gamekit/widgets/base.py (the widgets' branch)
_.YES_NO  # gamekit/widgets/exercise.py (the lessons branch)
# tornado's RequestHandler hooks: the group API reads its body as it streams in (gamekit/rooms/groups_http.py)
_.prepare
_.data_received
_.bitboard_table  # called from the teacher guide's extension code (docs/teachers/connect.md)
_.bitboard_speed
