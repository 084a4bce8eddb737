import CFreeType
import RingGraphics

/// FreeType outlines as `BezierPath`s, through `FT_Outline_Decompose`.
enum GlyphOutline {
  /// `outline` (26.6 fixed point, y up) as a path in whole units of its coordinates, y down:
  /// each contour a closed subpath of lines, quadratic (TrueType's conic) and cubic (CFF's)
  /// curves. Nothing is approximated; 26.6 values divide by 64 exactly.
  static func path(of outline: inout FT_Outline) -> BezierPath {
    var path = BezierPath()
    var funcs = FT_Outline_Funcs(
      move_to: { to, user in
        GlyphOutline.builder(user) { path in
          path.close()
          path.move(to: GlyphOutline.point(to))
        }
      },
      line_to: { to, user in
        GlyphOutline.builder(user) { $0.addLine(to: GlyphOutline.point(to)) }
      },
      conic_to: { control, to, user in
        GlyphOutline.builder(user) {
          $0.addQuadCurve(to: GlyphOutline.point(to), controlPoint: GlyphOutline.point(control))
        }
      },
      cubic_to: { control1, control2, to, user in
        GlyphOutline.builder(user) {
          $0.addCurve(
            to: GlyphOutline.point(to), controlPoint1: GlyphOutline.point(control1),
            controlPoint2: GlyphOutline.point(control2))
        }
      },
      shift: 0, delta: 0)
    let status = withUnsafeMutablePointer(to: &path) { pointer in
      FT_Outline_Decompose(&outline, &funcs, pointer)
    }
    guard status == 0 else { return BezierPath() }
    path.close()
    return path
  }

  /// Runs `body` on the path behind FreeType's `user` pointer; 0 is FreeType's success.
  private static func builder(
    _ user: UnsafeMutableRawPointer?, _ body: (inout BezierPath) -> Void
  ) -> Int32 {
    guard let user else { return 1 }
    body(&user.assumingMemoryBound(to: BezierPath.self).pointee)
    return 0
  }

  /// A 26.6 vector, y up, as a point, y down.
  private static func point(_ v: UnsafePointer<FT_Vector>?) -> Point {
    guard let v else { return .zero }
    return Point(x: Double(v.pointee.x) / 64, y: -Double(v.pointee.y) / 64)
  }
}
