"""TLS for play at a distance (issue 29): the host's or club server's certificate, and what a joining
client trusts (the system's store, or a certificate of the club's own given with --ca).

Each problem with a file is a ValueError of one line naming the file, never OpenSSL's "PEM lib".
"""
from __future__ import annotations

import ssl
from pathlib import Path


class _Passphrase(Exception):
    """The key asked for a passphrase: refused at once, rather than a prompt that would hang a server."""


def _no_passphrase() -> str:
    raise _Passphrase


def _read(path: str, what: str, marker: str) -> None:
    """The file exists, is readable and holds a PEM block of `marker` (else one line naming it)."""
    file = Path(path)
    try:
        text = file.read_bytes()
    except FileNotFoundError:
        raise ValueError(f"{path}: no such file (expected {what})") from None
    except IsADirectoryError:
        raise ValueError(f"{path}: is a folder (expected {what})") from None
    except OSError as exc:
        raise ValueError(f"{path}: cannot read it ({exc.strerror or exc})") from None
    if marker.encode() not in text:
        raise ValueError(f"{path}: not {what} (no '{marker}' block)")


def server_context(cert: str, key: str) -> ssl.SSLContext:
    """The context a host or server listens with: its certificate (PEM, with its chain) and key."""
    _read(cert, "a PEM certificate", "-----BEGIN CERTIFICATE-----")
    _read(key, "a PEM private key", "PRIVATE KEY-----")
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        context.load_cert_chain(cert, key, password=_no_passphrase)
    except _Passphrase:
        raise ValueError(f"{key}: the key is protected by a passphrase; write a copy without one "
                         f"(openssl pkey -in {key} -out KEY.pem) and keep it private") from None
    except ssl.SSLError as exc:
        raise ValueError(f"{cert}, {key}: the key does not belong to the certificate, or one of them is "
                         f"damaged ({exc.reason or exc})") from None
    return context


def client_context(ca: str | None = None) -> ssl.SSLContext:
    """What a joining client trusts: the system's store, or only the certificate (or CA) in `ca`.
    The host's name (or address) must be one the certificate names."""
    if ca is None:
        return ssl.create_default_context()
    _read(ca, "a PEM certificate", "-----BEGIN CERTIFICATE-----")
    try:
        return ssl.create_default_context(cafile=ca)
    except ssl.SSLError as exc:
        raise ValueError(f"{ca}: not a certificate this client can trust ({exc.reason or exc})") from None


NAME_MISMATCH = (62, 64)      # OpenSSL's X509_V_ERR_HOSTNAME_MISMATCH, X509_V_ERR_IP_ADDRESS_MISMATCH


def untrusted_line(exc: ssl.SSLCertVerificationError, fix: str = "give a copy of it with --ca CERT") -> str:
    """Why the host's certificate was refused, in a line that says what to do (`fix`: how a player
    gives the certificate, on the command line or in the window)."""
    why = (exc.verify_message or exc.reason or str(exc)).rstrip(".")
    if exc.verify_code in NAME_MISMATCH:
        return (f"the host's certificate does not name this address ({why}): join with a name or "
                f"address the certificate holds; nothing was sent")
    return (f"the host's certificate is not trusted ({why}): if it is the host's own certificate, "
            f"{fix}; nothing was sent")


__all__ = ["client_context", "server_context", "untrusted_line"]
