"""Play at a distance (issue 29): the wire format, the referee, and the websocket transport.

A guest receives only its side's view, the options of its own decision and the log lines it may
see; the host (or the club server) is the referee that checks every action before applying it.
"""
