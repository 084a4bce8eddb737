import Foundation
import RingGraphics
import RingSystem

/// A folder of files being written (`--format frames`). Nothing the tool did not create is
/// ever deleted, renamed or overwritten:
///
/// - A missing folder is created whole: files go into a private temporary folder beside it,
///   renamed to the target on `commit()` (which fails, losing nothing, if something took
///   the name meanwhile).
/// - An existing empty folder is written into: files are staged in a hidden temporary
///   folder inside it and moved out on `commit()`, each refusing to replace a file that
///   appeared meanwhile.
/// - A folder holding anything is refused before any work (`RingError.Code.folderNotEmpty`)
///   unless `overwrite` is set; then only the files this export names are replaced.
///
/// While it writes, the folder is locked (`flock`), so a second export to it fails at once
/// with a clear message. Dropped uncommitted, everything it made is removed.
public final class OutputFolder {
  public let path: String
  private let overwrite: Bool
  /// Where files are staged.
  let stagingPath: String
  private let stagingIsTheTarget: Bool
  private var lock: Int32 = -1
  private var stagingFD: Int32 = -1
  private var names: [String] = []
  private var token: ExitCleanup.Token?
  private var committed = false
  /// The permissions each frame gets.
  private var fileMode = CreationMode.plain()

  /// Opens `path` for the files `names` (which `write` must use). With `overwrite`, each
  /// of those names already in the folder must be a regular file (not a folder, a symlink,
  /// a FIFO), checked before any work.
  public init(path: String, overwrite: Bool = false, names: [String] = []) throws {
    let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    self.path = trimmed
    self.overwrite = overwrite
    func failure(_ err: Int32 = errno) -> RingError {
      RingError(
        .cannotWrite, "cannot write folder '\(trimmed)'", systemError: err)
    }
    var info = stat()
    if stat(trimmed, &info) == 0 {
      guard (info.st_mode & S_IFMT) == S_IFDIR else {
        throw RingError(.cannotWrite, "cannot write folder '\(trimmed)': a file is in the way")
      }
      lock = open(trimmed, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      guard lock >= 0 else { throw failure() }
      guard flock(lock, LOCK_EX | LOCK_NB) == 0 else {
        close(lock)
        throw RingError(
          .cannotWrite, "cannot write folder '\(trimmed)': another export is writing to it")
      }
      if !overwrite, let first = OutputFolder.firstEntry(of: trimmed) {
        close(lock)
        throw RingError(
          .folderNotEmpty,
          "the folder '\(trimmed)' already holds files ('\(first)'); choose an empty or new folder, or pass --overwrite to replace the frames this export names"
        )
      }
      for name in names {
        var entry = stat()
        if lstat(trimmed + "/" + name, &entry) == 0 && (entry.st_mode & S_IFMT) != S_IFREG {
          close(lock)
          throw RingError(
            .folderNotEmpty,
            "'\(trimmed)/\(name)' is not a frame file (a folder, a link or a special file), so --overwrite will not replace it; move it away"
          )
        }
      }
      (stagingPath, token) = try OutputFolder.makeTemporaryFolder(in: trimmed, for: trimmed)
      stagingIsTheTarget = false
    } else if errno == ENOENT {
      (stagingPath, token) = try OutputFolder.makeTemporaryFolder(
        in: OutputFile.folder(of: trimmed), for: trimmed)
      stagingIsTheTarget = true
    } else {
      throw failure()
    }
    // What each frame gets, as a file made in the target folder would (a new folder inherits
    // its parent's default ACL, so the parent tells).
    fileMode =
      CreationMode.probe(in: stagingIsTheTarget ? OutputFile.folder(of: trimmed) : trimmed)
      ?? .plain()
    // Held from the start, so the staged files can be removed even when no descriptor is
    // left (ulimit -n).
    stagingFD = open(stagingPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
  }

  deinit {
    if !committed { discard() }
  }

  /// Writes one file of the folder (staged until `commit()`).
  public func write(_ bytes: [UInt8], named name: String) throws {
    // Inside the exit cleanup's critical section: once a signal's cleanup has emptied the
    // staging folder, no frame may appear in it again.
    try ExitCleanup.critical { () throws -> Void in
      if let stop = RingError.interruption { throw stop }
      try writeStaged(bytes, named: name)
    }
  }

  private func writeStaged(_ bytes: [UInt8], named name: String) throws {
    let file = stagingPath + "/" + name
    let fd = open(file, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard fd >= 0 else {
      throw RingError(
        .cannotWrite, "cannot write '\(path)/\(name)'", systemError: errno)
    }
    defer { close(fd) }
    let error = bytes.withUnsafeBytes { writeAll(fd, $0) }
    if let error = error ?? (fileMode.apply(to: fd) && OutputFile.sync(fd) ? nil : errno) {
      throw RingError(
        .cannotWrite, "cannot write '\(path)/\(name)'", systemError: error)
    }
    names.append(name)
  }

  /// Puts the files in place.
  public func commit() throws {
    if stagingIsTheTarget {
      // What mkdir would have given it there: the umask or the parent's default ACL, and
      // the set-group-ID bit of a set-group-ID parent.
      var made = stat()
      let setGroupID = stat(stagingPath, &made) == 0 ? made.st_mode & S_ISGID : 0
      let plain = CreationMode.plain(folder: true)
      let mode =
        CreationMode.probe(in: OutputFile.folder(of: path), folder: true)
        ?? CreationMode(
          mode: plain.mode | setGroupID, accessACL: nil, defaultACL: nil)
      let folder = open(stagingPath, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      let permitted = folder >= 0 && mode.apply(to: folder)
      if folder >= 0 { close(folder) }
      guard permitted, rename(stagingPath, path) == 0
      else {
        let reason =
          errno == ENOTEMPTY || errno == EEXIST
          ? "it appeared while exporting" : String(cString: strerror(errno))
        throw RingError(.cannotWrite, "cannot write folder '\(path)': \(reason)")
      }
    } else {
      // Each replaced frame is first kept in the staging folder (a hard link to it, or a
      // copy of its bytes when it is written in place), so a failure part way puts every
      // earlier frame back. A replaced frame follows the rules of any replaced file: its
      // mode, owner and group are kept, and a hard-linked one is written in place.
      var done: [(name: String, backup: Backup)] = []
      for name in names {
        let from = stagingPath + "/" + name
        let to = path + "/" + name
        let backup = stagingPath + "/" + name + ".old"
        var old = stat()
        let replacing = overwrite && lstat(to, &old) == 0
        var error: Int32 = 0
        var kept = Backup.none
        if replacing && (old.st_nlink > 1 || !OutputFolder.give(from, theOwnershipOf: old)) {
          if let e = OutputFolder.copyContents(of: to, into: backup, creating: true) {
            error = e
          } else {
            kept = .copy(backup)
            error = OutputFolder.copyContents(of: from, into: to, creating: false) ?? 0
            if error == 0 { unlink(from) }
          }
        } else {
          if replacing && link(to, backup) == 0 { kept = .link(backup) }
          // link() never replaces: a file that appeared meanwhile is kept and reported.
          let failed =
            replacing ? rename(from, to) != 0 : (link(from, to) != 0 || unlink(from) != 0)
          if failed { error = errno }
        }
        if error != 0 {
          for (moved, old) in done.reversed() { old.restore(path + "/" + moved) }
          kept.discard()
          let reason =
            error == EEXIST ? "it appeared while exporting" : String(cString: strerror(error))
          throw RingError(.cannotWrite, "cannot write '\(to)': \(reason)")
        }
        done.append((name, kept))
      }
      for (_, backup) in done { backup.discard() }
      rmdir(stagingPath)
    }
    committed = true
    if let token { ExitCleanup.unregister(token) }
    token = nil
    if stagingFD >= 0 { close(stagingFD) }
    stagingFD = -1
    unlock()
  }

  /// Removes what it staged (nothing happens to the target's other files).
  public func discard() {
    if stagingFD >= 0 {
      ExitCleanup.emptyFolder(stagingFD)
      stagingFD = -1
      rmdir(stagingPath)
    } else {
      ExitCleanup.removeFolder(stagingPath)
    }
    if let token { ExitCleanup.unregister(token) }
    token = nil
    unlock()
  }

  private func unlock() {
    if lock >= 0 { close(lock) }
    lock = -1
  }

  /// What a replaced frame was kept as until the commit completes.
  enum Backup {
    case none
    /// A hard link to the old file, renamed back.
    case link(String)
    /// A copy of the old bytes, copied back in place.
    case copy(String)

    func restore(_ target: String) {
      switch self {
      case .none: unlink(target)
      case .link(let backup): rename(backup, target)
      case .copy(let backup):
        _ = OutputFolder.copyContents(of: backup, into: target, creating: false)
        unlink(backup)
      }
    }

    func discard() {
      switch self {
      case .none: break
      case .link(let backup), .copy(let backup): unlink(backup)
      }
    }
  }

  /// Gives the staged file at `path` the mode, owner and group of `old`; false when the
  /// owner or group cannot be given (the frame is then written in place).
  static func give(_ path: String, theOwnershipOf old: stat) -> Bool {
    var made = stat()
    guard stat(path, &made) == 0 else { return false }
    if made.st_uid != old.st_uid || made.st_gid != old.st_gid {
      guard chown(path, old.st_uid, old.st_gid) == 0 else { return false }
    }
    return chmod(path, old.st_mode & 0o7777) == 0
  }

  /// Copies the bytes of `source` into `target` (created exclusively, or an existing file
  /// overwritten and cut to length); the error number on failure.
  static func copyContents(of source: String, into target: String, creating: Bool) -> Int32? {
    let input = open(source, O_RDONLY | O_CLOEXEC)
    guard input >= 0 else { return errno }
    defer { close(input) }
    let flags = creating ? O_CREAT | O_EXCL | O_NOFOLLOW : 0
    let output = open(target, O_WRONLY | O_CLOEXEC | O_NOCTTY | flags, 0o600)
    guard output >= 0 else { return errno }
    defer { close(output) }
    return OutputFile.overwrite(output, with: input)
  }

  /// Some entry of `folder` other than "." and "..", or `nil` when it is empty.
  static func firstEntry(of folder: String) -> String? {
    guard let dir = opendir(folder) else { return nil }
    defer { closedir(dir) }
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) {
        String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
      }
      if name != "." && name != ".." { return name }
    }
    return nil
  }

  /// A new private folder (mode 0700, random name) in `parent`.
  static func makeTemporaryFolder(
    in parent: String, for target: String
  ) throws -> (path: String, token: ExitCleanup.Token) {
    for _ in 0..<100 {
      let candidate = TemporaryFile.candidateName(in: parent, for: target)
      let made = ExitCleanup.registering {
        mkdir(candidate, 0o700) == 0 ? (0, .folder(candidate)) : (errno, nil)
      }
      if let token = made.token { return (candidate, token) }
      if made.value != EEXIST {
        throw RingError(
          .cannotWrite, "cannot write folder '\(target)'", systemError: made.value)
      }
    }
    throw RingError(.cannotWrite, "cannot write folder '\(target)': no free temporary name")
  }
}
