import CLinux
import Foundation
import RingSystem

/// The permissions a file or folder newly made in a folder gets from the system: 0666 (0777
/// for a folder) less the umask, or the folder's default ACL when it has one. The tool
/// writes into private temporaries (0600, 0700) and gives them these on commit, as the
/// shell's `>` and `mkdir` would have.
struct CreationMode {
  /// Permission bits.
  let mode: mode_t
  /// The POSIX access ACL the system gave it (`system.posix_acl_access`), if any.
  let accessACL: [UInt8]?
  /// A folder's inherited default ACL (`system.posix_acl_default`), if any.
  let defaultACL: [UInt8]?

  /// What a new file (or folder) in `folder` gets, learnt by making an empty one there with
  /// a random name and removing it at once; `nil` when that cannot be done (the plain rule
  /// then applies).
  static func probe(in folder: String, folder isFolder: Bool = false) -> CreationMode? {
    let path = TemporaryFile.candidateName(in: folder, for: "probe")
    let fd: Int32
    if isFolder {
      guard mkdir(path, 0o777) == 0 else { return nil }
      fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    } else {
      fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
    }
    defer {
      if fd >= 0 { close(fd) }
      if isFolder { rmdir(path) } else { unlink(path) }
    }
    var info = stat()
    guard fd >= 0, fstat(fd, &info) == 0 else { return nil }
    return CreationMode(
      mode: info.st_mode & 0o7777, accessACL: attribute(fd, "system.posix_acl_access"),
      defaultACL: isFolder ? attribute(fd, "system.posix_acl_default") : nil)
  }

  /// The plain rule, without a probe.
  static func plain(folder: Bool = false) -> CreationMode {
    CreationMode(
      mode: (folder ? 0o777 : 0o666) & ~OutputFile.umask, accessACL: nil, defaultACL: nil)
  }

  /// Gives the open file or folder `fd` these permissions; false when the system refuses.
  func apply(to fd: Int32) -> Bool {
    guard fchmod(fd, mode) == 0 else { return false }
    for (name, value) in [
      ("system.posix_acl_access", accessACL), ("system.posix_acl_default", defaultACL),
    ] {
      guard let value else { continue }
      let ok = value.withUnsafeBytes { fsetxattr(fd, name, $0.baseAddress, $0.count, 0) == 0 }
      guard ok else { return false }
    }
    return true
  }

  private static func attribute(_ fd: Int32, _ name: String) -> [UInt8]? {
    let size = fgetxattr(fd, name, nil, 0)
    guard size > 0 else { return nil }
    var value = [UInt8](repeating: 0, count: size)
    let read = value.withUnsafeMutableBytes { fgetxattr(fd, name, $0.baseAddress, size) }
    return read == size ? value : nil
  }
}
