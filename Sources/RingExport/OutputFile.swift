import CLinux
import Foundation
import RingGraphics
import RingSystem

/// A file being written, with the semantics the README's "How files are written" states:
///
/// - A new file, or an existing regular file the tool may replace, is written to a private
///   temporary file beside it (created exclusively with a random name, mode 0600), flushed
///   to disk and renamed over the target on `commit()`. A replaced file keeps its mode, and
///   its owner and group when the tool runs as root; a new one gets 0666 less the umask.
/// - An existing regular file that cannot be replaced that way (hard-linked, in a folder
///   the user may not write, owned by someone whose ownership the tool cannot keep) is
///   written in place, as `cp` does: the bytes are staged in a private temporary file and
///   copied into the target only on `commit()`.
/// - A file the user may not write is refused, as `cp` and the shell refuse it.
/// - A symlink is followed: its final target is written and the link stays.
/// - A target that is not a regular file (a character or block device, a FIFO, `/dev/stdout`,
///   `/dev/fd/N`, a process substitution) is opened and written directly, never replaced.
///   "-" is standard output.
///
/// Dropping it uncommitted (a failure, a signal) removes the temporary file and leaves the
/// target as it was.
public final class OutputFile {
  /// The path as the user gave it; errors name it.
  public let path: String
  private let mode: Mode
  /// The descriptor written by `write`: the temporary file, or the target itself.
  private var fd: Int32
  private var temporary: TemporaryFile?
  private var committed = false

  enum Mode {
    /// Standard output ("-"), written as it comes.
    case standardOutput
    /// A non-regular target opened directly (`fd` is the target).
    case direct
    /// Renamed over `target` on commit, keeping `existing`'s mode and ownership.
    case replace(target: String, existing: stat?)
    /// Copied into `target` on commit (the temporary file is elsewhere).
    case inPlace(target: String)
  }

  /// Opens `path` for writing by these rules; throws (naming `path`) when it cannot be
  /// written: a directory, a missing folder, no permission, a socket.
  public init(path: String) throws {
    self.path = path
    if path == "-" {
      mode = .standardOutput
      fd = STDOUT_FILENO
      return
    }
    if let number = OutputFile.descriptorNumber(path), fcntl(number, F_GETFD) >= 0 {
      // The descriptor the path names, as it is (its offset, O_APPEND): `>> log` stays
      // an append, and nothing the shell wrote before is truncated.
      fd = fcntl(number, F_DUPFD_CLOEXEC, 3)
      guard fd >= 0 else { throw OutputFile.cannotWrite(path) }
      mode = .direct
      return
    }
    var info = stat()
    let exists = stat(path, &info) == 0
    if !exists && errno != ENOENT { throw OutputFile.cannotWrite(path) }
    if exists && (info.st_mode & S_IFMT) == S_IFDIR {
      throw RingError(.cannotWrite, "cannot write '\(path)': it is a directory")
    }
    if exists && ((info.st_mode & S_IFMT) != S_IFREG || OutputFile.namesADescriptor(path)) {
      // Written through, as the shell's `>` does: a device, a FIFO, a descriptor.
      let flags = (info.st_mode & S_IFMT) == S_IFREG ? O_TRUNC : 0
      fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY | flags)
      guard fd >= 0 else { throw OutputFile.cannotWrite(path) }
      mode = .direct
      return
    }
    let target = try OutputFile.finalTarget(of: path)
    let folder = OutputFile.folder(of: target)
    if exists {
      guard faccessat(AT_FDCWD, target, W_OK, AT_EACCESS) == 0 else {
        throw OutputFile.cannotWrite(path)
      }
      if info.st_nlink > 1 || faccessat(AT_FDCWD, folder, W_OK, AT_EACCESS) != 0
        || !OutputFile.canKeepOwnership(of: info) || OutputFile.hasExtendedAttributes(target)
      {
        let staged = try TemporaryFile(in: TemporaryFile.privateFolder, for: path, staging: true)
        temporary = staged
        fd = staged.fd
        mode = .inPlace(target: target)
        return
      }
    }
    let staged = try TemporaryFile(in: folder, for: path)
    temporary = staged
    fd = staged.fd
    mode = .replace(target: target, existing: exists ? info : nil)
  }

  deinit {
    if !committed { discard() }
  }

  /// Appends `bytes`.
  public func write(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { try write($0) }
  }

  public func write(_ bytes: UnsafeRawBufferPointer) throws {
    if let error = writeAll(fd, bytes) {
      throw RingError(
        error == EPIPE ? .brokenPipe : .cannotWrite,
        "cannot write \(OutputFile.named(path)): "
          + (error == EPIPE ? "the reader closed the pipe" : String(cString: strerror(error))))
    }
  }

  /// A path another process (ffmpeg) may write the whole file to, in place of `write`: the
  /// private temporary file. For a target written directly, a private temporary file is
  /// made for it and copied into the target on `commit()`.
  ///
  /// The path is the descriptor's own name in /proc, not the temporary file's: whoever may
  /// write the folder could swap that name for a link between now and ffmpeg's open, and
  /// have this process write through it; the descriptor's name reaches this very file.
  public func pathForAnotherProcess() throws -> String {
    let staged: TemporaryFile
    if let temporary {
      staged = temporary
    } else {
      staged = try TemporaryFile(in: TemporaryFile.privateFolder, for: path, staging: true)
      temporary = staged
    }
    let descriptorName = "/proc/\(getpid())/fd/\(staged.fd)"
    return access(descriptorName, W_OK) == 0 ? descriptorName : staged.path
  }

  /// The size of what has been written so far (of the temporary file), in bytes.
  public var writtenSize: Int64? {
    guard let temporary else { return nil }
    var info = stat()
    return fstat(temporary.fd, &info) == 0 ? Int64(info.st_size) : nil
  }

  /// Flushes the file to disk and puts it in place.
  public func commit() throws {
    switch mode {
    case .standardOutput:
      break
    case .direct:
      if let temporary {
        // ffmpeg wrote a temporary file for this target: copy it through now.
        guard let error = OutputFile.copy(from: temporary.fd, to: fd) else { break }
        throw OutputFile.cannotWrite(path, error)
      }
    case .replace(let target, let existing):
      let staged = temporary!
      // A new file gets what the shell's `>` would give it there (the umask, or the folder's
      // default ACL); a replaced one keeps its own mode.
      let created =
        existing == nil
        ? CreationMode.probe(in: OutputFile.folder(of: target)) ?? .plain() : nil
      // Compared with what the new file got, not with this process's ids: a folder with
      // the set-group-ID bit gives its own group to new files.
      var made = stat()
      guard fstat(staged.fd, &made) == 0 else { throw OutputFile.cannotWrite(path) }
      if let existing, existing.st_uid != made.st_uid || existing.st_gid != made.st_gid {
        guard fchown(staged.fd, existing.st_uid, existing.st_gid) == 0 else {
          // Ownership cannot be kept after all: write in place instead.
          try copyInPlace(from: staged, to: target)
          break
        }
      }
      let permitted =
        created?.apply(to: staged.fd) ?? (fchmod(staged.fd, existing!.st_mode & 0o7777) == 0)
      guard permitted else { throw OutputFile.cannotWrite(path) }
      guard OutputFile.sync(staged.fd) else { throw OutputFile.cannotWrite(path) }
      // A terminating signal either arrived before (nothing replaced) or waits for the rename.
      try ExitCleanup.critical { () throws(RingError) in
        if let stop = RingError.interruption { throw stop }
        guard rename(staged.path, target) == 0 else { throw OutputFile.cannotWrite(path) }
      }
      staged.renamed()
    case .inPlace(let target):
      try copyInPlace(from: temporary!, to: target)
    }
    committed = true
    if case .direct = mode { close(fd) }
    temporary?.remove()
    temporary = nil
  }

  /// Copies the staged bytes into the target itself. The space is reserved first (a full
  /// disk fails before the target is touched), the old bytes are overwritten and only then
  /// is the file cut to its new length; a terminating signal waits for the copy to end
  /// (`ExitCleanup.critical`), so the target is never left half old, half new by one.
  private func copyInPlace(from staged: TemporaryFile, to target: String) throws {
    let out = open(target, O_WRONLY | O_CLOEXEC | O_NOCTTY)
    guard out >= 0 else { throw OutputFile.cannotWrite(path, errno) }
    defer { close(out) }
    if let stop = RingError.interruption { throw stop }
    if let error = OutputFile.overwrite(out, with: staged.fd) {
      throw OutputFile.cannotWrite(path, error)
    }
  }

  /// Writes the whole of `source` over `destination` from its start, then cuts it to the
  /// source's length and syncs it: the space is reserved first (a full disk fails before a
  /// byte changes), and a terminating signal waits for the rest to end
  /// (`ExitCleanup.critical`). The error number on failure.
  static func overwrite(_ destination: Int32, with source: Int32) -> Int32? {
    var info = stat()
    guard fstat(source, &info) == 0 else { return errno }
    let reserved = posix_fallocate(destination, 0, max(1, info.st_size))
    guard reserved == 0 || reserved == EOPNOTSUPP || reserved == EINVAL else { return reserved }
    return ExitCleanup.critical {
      copy(from: source, to: destination, positioned: true)
        ?? (ftruncate(destination, info.st_size) == 0 && sync(destination) ? nil : errno)
    }
  }

  /// Removes the temporary file (nothing happens to the target).
  public func discard() {
    temporary?.remove()
    temporary = nil
    if case .direct = mode, fd >= 0 {
      close(fd)
      fd = -1
    }
  }

  /// The error for a failed step: the user's path and the system's words for `err`.
  private static func cannotWrite(_ path: String, _ err: Int32 = errno) -> RingError {
    RingError(.cannotWrite, "cannot write \(named(path))", systemError: err)
  }

  /// How errors name an output: `'PATH'`, or standard output for "-".
  static func named(_ path: String) -> String {
    path == "-" ? "to standard output" : "'\(path)'"
  }

  // MARK: Helpers

  /// The descriptor number a path names in this process (`/dev/stdout` 1, `/dev/stderr`
  /// 2, `/dev/fd/N`, `/proc/self/fd/N`, `/proc/PID/fd/N` for this PID), else `nil`.
  static func descriptorNumber(_ path: String) -> Int32? {
    switch path {
    case "/dev/stdout": return 1
    case "/dev/stderr": return 2
    case "/dev/stdin": return 0
    default: break
    }
    for prefix in ["/dev/fd/", "/proc/self/fd/", "/proc/\(getpid())/fd/"]
    where path.hasPrefix(prefix) {
      return Int32(path.dropFirst(prefix.count))
    }
    return nil
  }

  /// Whether `path` carries extended attributes (ACLs, security labels, user attributes),
  /// which a renamed copy would lose: such a file is written in place.
  static func hasExtendedAttributes(_ path: String) -> Bool {
    listxattr(path, nil, 0) > 0
  }

  /// Whether `path` is written through rather than replaced (a descriptor, a device, a
  /// FIFO): nothing can be put beside it.
  static func isWrittenThrough(_ path: String) -> Bool {
    if path == "-" || namesADescriptor(path) { return true }
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG
      && (info.st_mode & S_IFMT) != S_IFDIR
  }

  /// Whether `path` names an open descriptor (`/dev/stdout`, `/dev/fd/3`,
  /// `/proc/self/fd/3`): written through, whatever the descriptor is.
  static func namesADescriptor(_ path: String) -> Bool {
    for prefix in ["/dev/fd/", "/proc/self/fd/", "/dev/stdout", "/dev/stderr"]
    where path.hasPrefix(prefix) {
      return true
    }
    return path.hasPrefix("/proc/") && path.contains("/fd/")
  }

  /// The file a path finally names, following symlinks (also a dangling one, whose target
  /// is then created).
  static func finalTarget(of path: String) throws -> String {
    var current = path
    for _ in 0..<40 {
      var info = stat()
      guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else {
        return current
      }
      // The kernel's protected_symlinks rule, which following the link by hand would
      // bypass: in a sticky folder others may write, only a link owned by this user or by
      // the folder's owner is followed (another user's planted link is refused).
      var parent = stat()
      if stat(folder(of: current), &parent) == 0, parent.st_mode & S_ISVTX != 0,
        parent.st_mode & 0o002 != 0, info.st_uid != geteuid(), info.st_uid != parent.st_uid
      {
        throw RingError(
          .cannotWrite,
          "cannot write '\(path)': it is a link another user made in a shared sticky folder, which is not followed (as the system's protected_symlinks)"
        )
      }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let n = readlink(current, &buffer, buffer.count - 1)
      guard n > 0 else { return current }
      let link = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current = link.hasPrefix("/") ? link : folder(of: current) + "/" + link
    }
    throw RingError(
      .cannotWrite, "cannot write '\(path)'", systemError: ELOOP)
  }

  /// Whether two paths name one file: the same path once symlinks are followed, or the
  /// same existing file.
  public static func sameFile(_ a: String, _ b: String) -> Bool {
    var (x, y) = (stat(), stat())
    if stat(a, &x) == 0, stat(b, &y) == 0 { return x.st_dev == y.st_dev && x.st_ino == y.st_ino }
    let resolved = [a, b].map { (try? finalTarget(of: $0)) ?? $0 }
    let absolute = resolved.map {
      $0.hasPrefix("/") ? $0 : FileManager.default.currentDirectoryPath + "/" + $0
    }
    return URL(fileURLWithPath: absolute[0]).standardized
      == URL(fileURLWithPath: absolute[1]).standardized
  }

  /// The folder holding `path` ("." for a bare name).
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// Whether a file renamed over `info`'s can be given its owner and group.
  static func canKeepOwnership(of info: stat) -> Bool {
    if geteuid() == 0 { return true }
    if info.st_uid != geteuid() { return false }
    if info.st_gid == getegid() { return true }
    var groups = [gid_t](repeating: 0, count: 256)
    let n = getgroups(Int32(groups.count), &groups)
    return n > 0 && groups[0..<Int(n)].contains(info.st_gid)
  }

  /// The process's umask, read without changing it.
  static let umask: mode_t = {
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
      let value = mode_t(line.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8)
    {
      return value
    }
    let value = Glibc.umask(0o022)
    Glibc.umask(value)
    return value
  }()

  /// fsync, where the file system supports it.
  static func sync(_ fd: Int32) -> Bool {
    fsync(fd) == 0 || errno == EINVAL || errno == EROFS
  }

  /// Copies the whole of `source` (from its start) to `destination`; the errno on failure.
  static func copy(from source: Int32, to destination: Int32, positioned: Bool = false) -> Int32? {
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var offset: off_t = 0
    while true {
      let n = buffer.withUnsafeMutableBytes { chunk in
        retryingOnInterrupt { pread(source, chunk.baseAddress, chunk.count, offset) }
      }
      if n < 0 { return errno }
      if n == 0 { return nil }
      let error = buffer.withUnsafeBytes { chunk -> Int32? in
        guard positioned else { return writeAll(destination, .init(rebasing: chunk[0..<n])) }
        var done = 0
        while done < n {
          let w = retryingOnInterrupt {
            pwrite(destination, chunk.baseAddress! + done, n - done, offset + off_t(done))
          }
          if w <= 0 { return w < 0 ? errno : EIO }
          done += w
        }
        return nil
      }
      if let error { return error }
      offset += off_t(n)
    }
  }
}

/// A private temporary file: a random name created exclusively (O_CREAT | O_EXCL |
/// O_NOFOLLOW, mode 0600), registered with `ExitCleanup` until it is renamed or removed.
final class TemporaryFile {
  let path: String
  let fd: Int32
  private var token: ExitCleanup.Token?

  /// Where files staged away from their target go: TMPDIR, else /tmp.
  static var privateFolder: String {
    let tmp = ProcessInfo.processInfo.environment["TMPDIR"] ?? ""
    return tmp.isEmpty ? "/tmp" : tmp
  }

  /// Creates one in `folder`, named after `target` (shortened, so any legal target name
  /// still gives a legal temporary name).
  init(in folder: String, for target: String, staging: Bool = false) throws {
    for _ in 0..<100 {
      let candidate = TemporaryFile.candidateName(in: folder, for: target)
      let made = ExitCleanup.registering {
        let fd = open(candidate, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        return fd >= 0 ? (fd, .file(candidate)) : (errno, nil)
      }
      if made.token != nil {
        self.path = candidate
        self.fd = made.value
        token = made.token
        return
      }
      // Without a registration, what was made is the error.
      if made.value != EEXIST {
        let reason = String(cString: strerror(made.value))
        throw RingError(
          .cannotWrite,
          staging
            ? "cannot write '\(target)': cannot stage it in the temporary folder '\(folder)' (TMPDIR): \(reason)"
            : "cannot write '\(target)': \(reason)")
      }
    }
    throw RingError(.cannotWrite, "cannot write '\(target)': no free temporary name")
  }

  deinit { remove() }

  /// `.NAME.XXXXXXXX.tmp` in `folder`: the target's name cut to 32 characters (so any legal
  /// target name still gives a legal temporary name) and eight random letters and digits.
  static func candidateName(in folder: String, for target: String) -> String {
    let base = target.split(separator: "/").last.map { String($0.prefix(32)) } ?? "output"
    return folder + "/." + base + "." + randomSuffix() + ".tmp"
  }

  /// Eight random letters and digits.
  static func randomSuffix() -> String {
    let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    var generator = SystemRandomNumberGenerator()
    return String(
      (0..<8).map { _ in letters[Int.random(in: 0..<letters.count, using: &generator)] })
  }

  /// The file now has its final name: nothing to remove.
  func renamed() {
    if let token { ExitCleanup.unregister(token) }
    token = nil
    close(fd)
  }

  /// Closes and removes it (once).
  func remove() {
    guard let token else { return }
    close(fd)
    unlink(path)
    ExitCleanup.unregister(token)
    self.token = nil
  }
}
