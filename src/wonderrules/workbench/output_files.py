"""The files the commands write, written so that nothing finished is lost or half written.

- A file is written whole or not at all: into a temporary file in its folder, then renamed over
  its name (:func:`write_whole`). A write that fails (a full disk, a folder that refuses files)
  leaves the file that was there as it was.
- A file that grows during a long run (the records of ``wr simulate --out``) is a
  :class:`GrowingFile`: its name holds a complete file at every moment, replaced by a longer
  complete file each time the run publishes what it has finished.
- One command at a time writes a file: :func:`lock_output` takes an exclusive lock on a lock file
  next to it, which the system releases when the process ends, however it ends (``kill -9``
  too), so a lock never outlives its command.
- No command writes onto a file it reads: :func:`same_file`.

The helper files live next to the file they serve, hidden: ``.NAME.wr-lock`` while a command
writes NAME, ``.NAME.wr-part-...`` while a new version of NAME is being written. A command
removes them when it ends; a command killed with ``kill -9`` may leave them, and the next
command writing NAME removes them.
"""

from __future__ import annotations

import errno
import os
import secrets
import shutil
import stat
from typing import Optional

import attrs

__all__ = ["OutputBusy", "OutputLock", "lock_output", "write_whole", "GrowingFile", "same_file", "helper_path",
           "why_not"]

try:
    import fcntl
except ImportError:  # pragma: no cover - not on POSIX systems
    fcntl = None  # type: ignore[assignment]


class OutputBusy(OSError):
    """Another process holds the lock of the file; the message says which, when it can."""


def why_not(error: OSError) -> str:
    """The reason of a failed write in a few lower-case words ('no space left on device')."""
    return (error.strerror or "the system refused it").lower()


def helper_path(path: str, kind: str) -> str:
    """The hidden helper file of `kind` (``wr-lock``, ``wr-part-a``...) next to `path`."""
    folder, name = os.path.split(path)
    return os.path.join(folder, f".{name}.{kind}")


def _real(path: str) -> str:
    """The file a path names, symbolic links followed: replacing a link would replace the link
    itself, not the file it leads to."""
    return os.path.realpath(path)


def same_file(a: str, b: str) -> bool:
    """Whether two paths name the same file: the same file on the disk when both exist (hard and
    symbolic links, other spellings), else the same path once symbolic links are followed."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.normcase(_real(a)) == os.path.normcase(_real(b))


# ---- one writer per file --------------------------------------------------------------------------

class OutputLock:
    """The exclusive lock of one output file, held until :meth:`release` (or the end of the
    process). Where the system has no ``flock`` (Windows), it locks nothing."""

    def __init__(self, path: str) -> None:
        self.path = _real(path)
        self.lock_path = helper_path(self.path, "wr-lock")
        self.fd: Optional[int] = None

    def acquire(self) -> OutputLock:
        if fcntl is None:  # pragma: no cover - not on POSIX systems
            return self
        while True:
            fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT, 0o666)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                holder = _read_small(fd)
                os.close(fd)
                said = f" (process {holder})" if holder.isdigit() else ""
                raise OutputBusy(errno.EBUSY, f"another command is writing it{said}") from None
            except OSError as e:
                if e.errno not in (errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOSYS):
                    os.close(fd)
                    raise
                # a file system without locks: the file is written, unguarded
            # the holder before us may have removed the lock file between our open and our lock
            try:
                current = os.stat(self.lock_path)
            except FileNotFoundError:
                current = None
            if current is not None and os.path.samestat(os.fstat(fd), current):
                break
            os.close(fd)
        self.fd = fd
        os.ftruncate(fd, 0)
        os.write(fd, str(os.getpid()).encode("ascii"))
        _remove_leftovers(self.path)
        return self

    def release(self) -> None:
        if self.fd is None:
            return
        fd, self.fd = self.fd, None
        try:
            os.unlink(self.lock_path)  # while it is held, so no other command can hold it
        except OSError:
            pass
        os.close(fd)

    def __enter__(self) -> OutputLock:
        return self if self.fd is not None else self.acquire()

    def __exit__(self, *exc: object) -> None:
        self.release()


def lock_output(path: str) -> OutputLock:
    """Lock `path` for this process (OutputBusy when another holds it); see :class:`OutputLock`."""
    return OutputLock(path).acquire()


def _read_small(fd: int) -> str:
    try:
        return os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        return ""


def _remove_leftovers(path: str) -> None:
    """Remove the helper files a killed command left next to `path` (its lock is held now)."""
    folder, name = os.path.split(path)
    prefix = f".{name}.wr-part"
    try:
        names = os.listdir(folder or ".")
    except OSError:
        return
    for found in names:
        if found.startswith(prefix):
            try:
                os.unlink(os.path.join(folder, found))
            except OSError:
                pass


# ---- whole files ----------------------------------------------------------------------------------

def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def _new_file(path: str, kind: str) -> tuple[str, int]:
    """A new helper file of `kind` next to `path`, made with the permissions a new file gets
    here (or those of the file at `path`, when there is one): its name and descriptor."""
    name = helper_path(path, kind)
    fd = os.open(name, os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        mode = stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        pass
    else:
        try:
            os.chmod(name, mode)
        except OSError:
            pass
    return name, fd


def _sync_folder(path: str) -> None:
    """Make a rename in the folder of `path` last through a crash of the machine, where the
    system allows it."""
    try:
        fd = os.open(os.path.dirname(path) or ".", os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_whole(path: str, data: bytes) -> None:
    """Write `data` as the file `path`, whole or not at all: into a temporary file in the same
    folder, then renamed over `path`. OSError when it cannot be written; the file that was at
    `path` is then left as it was."""
    target = _real(path)
    name, fd = _new_file(target, f"wr-part-{secrets.token_hex(4)}")
    try:
        try:
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(name, target)
    except BaseException:
        try:
            os.unlink(name)
        except OSError:
            pass
        raise
    _sync_folder(target)


# ---- a file that grows ----------------------------------------------------------------------------

@attrs.frozen
class _Copy:
    """What one of the two copies holds: its length (the blocks, without the ending) and how
    many blocks it holds."""

    length: int = 0
    blocks: int = 0


@attrs.frozen
class _Blocks:
    """The blocks added: those not yet in both copies, and how many came before them."""

    kept: tuple[bytes, ...] = ()
    before: int = 0

    @property
    def count(self) -> int:
        return self.before + len(self.kept)


class GrowingFile:
    """A file that grows by blocks during a long run and is published now and then: after each
    :meth:`publish`, the name holds a complete file (the blocks added so far, then the ending
    given), and it holds one at every moment in between, whatever stops the process.

    Two copies are kept next to the file (``.NAME.wr-part-a`` and ``-b``); each publication
    completes the copy that is not published (it gets the blocks it lacks, which are at most
    those of two publications, and the new ending), then gives it the name by a hard link and a
    rename, so each block is written twice in all. Where the file system has no hard links, the
    copy is copied whole instead. The state changes only once the files are written, so a
    publication interrupted halfway (an exception, a signal) leaves the published file as it was
    and the next one complete.
    """

    def __init__(self, path: str) -> None:
        self.path = _real(path)
        self.copies: list[tuple[str, int]] = []
        for kind in ("wr-part-a", "wr-part-b"):
            try:
                self.copies.append(_new_file(self.path, kind))
            except BaseException:
                self.discard()
                raise
        self.held = (_Copy(), _Copy())
        self.blocks = _Blocks()
        self.links = True
        self.published = 0

    def add(self, block: bytes) -> None:
        """Add a block after the others (written at the next publication)."""
        if block:
            blocks = self.blocks
            self.blocks = _Blocks((*blocks.kept, block), blocks.before)

    def _to_complete(self) -> int:
        """Which copy to complete: the one that is not the file at the name (found on the disk, so
        that a publication interrupted after its rename is known); when neither is (the first
        publication, or a file system without hard links), the one that holds the most blocks."""
        try:
            named = os.stat(self.path)
        except OSError:
            named = None
        if named is not None:
            for which, (_, fd) in enumerate(self.copies):
                if os.path.samestat(os.fstat(fd), named):
                    return 1 - which
        return 0 if self.held[0].blocks >= self.held[1].blocks else 1

    def publish(self, ending: bytes = b"", durable: bool = False) -> None:
        """Give the name a complete file: every block added, then `ending`. `durable`: also make
        it last through a crash of the machine (slower: for the last publication)."""
        which = self._to_complete()
        name, fd = self.copies[which]
        held, blocks = self.held[which], self.blocks
        data = b"".join(blocks.kept[held.blocks - blocks.before:])
        os.ftruncate(fd, held.length)
        os.lseek(fd, held.length, os.SEEK_SET)
        _write_all(fd, data + ending)
        if durable:
            os.fsync(fd)
        self._give_name(name)
        done = _Copy(held.length + len(data), blocks.count)
        self.held = (done, self.held[1]) if which == 0 else (self.held[0], done)
        # the blocks both copies hold are dropped; without hard links one copy does all the work
        keep_from = min(c.blocks for c in self.held) if self.links else done.blocks
        self.blocks = _Blocks(blocks.kept[keep_from - blocks.before:], keep_from)
        self.published += 1
        if durable:
            _sync_folder(self.path)

    def _give_name(self, name: str) -> None:
        staged = helper_path(self.path, "wr-part-new")
        try:
            os.unlink(staged)
        except FileNotFoundError:
            pass
        if self.links:
            try:
                os.link(name, staged)
            except OSError as e:
                if e.errno not in (errno.EPERM, errno.EXDEV, errno.EMLINK, errno.ENOSYS, errno.EOPNOTSUPP,
                                   errno.EACCES):
                    raise
                self.links = False
        if not self.links:
            shutil.copyfile(name, staged)
        os.replace(staged, self.path)

    def discard(self) -> None:
        """Remove the copies; the file published last stays as it is."""
        copies, self.copies = self.copies, []
        for name, fd in copies:
            try:
                os.close(fd)
            except OSError:
                pass
            try:
                os.unlink(name)
            except OSError:
                pass
