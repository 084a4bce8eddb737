import Foundation

/// An independent, high-precision model of the seed's frame, written from the
/// specification and sharing no code with the renderer: colours from a piecewise-linear HSV
/// formula, the animation from the rotation rule, each pixel's gradient colour at its centre
/// and its exact annulus coverage by dense integration.
struct ReferenceRing {
  var size = 160.0
  var ringWidth = 20.0
  var step = 0.1
  var hueStep = 5.0

  var colorCount: Int { Int(360 / hueStep) + 1 }

  func hsv(_ hue: Double) -> [Double] {
    func channel(_ offset: Double) -> Double {
      let k = (offset + hue * 6).truncatingRemainder(dividingBy: 6)
      return 1 - max(0, min(k, 4 - k, 1))
    }
    return [channel(5), channel(3), channel(1)]
  }

  /// Stop colours at `time`: C_k[i] = C0[(i - k) mod n], mixed towards C_{k+1} by the
  /// fraction of the step.
  func stops(at time: Double) -> [[Double]] {
    let n = colorCount
    let c0 = (0..<n).map { hsv(Double($0) * hueStep / 360) }
    let steps = (time / step).rounded(.down)
    let f = time / step - steps
    let k = Int(steps) % n
    return (0..<n).map { i in
      let a = c0[((i - k) % n + n) % n]
      let b = c0[((i - k - 1) % n + n) % n]
      return (0..<3).map { a[$0] + (b[$0] - a[$0]) * f }
    }
  }

  /// Colour at gradient position `t` for `stops` evenly spaced.
  func color(_ t: Double, _ stops: [[Double]]) -> [Double] {
    let p = min(max(t, 0), 1) * Double(stops.count - 1)
    let i = min(Int(p), stops.count - 2)
    let f = p - Double(i)
    return (0..<3).map { stops[i][$0] + (stops[i + 1][$0] - stops[i][$0]) * f }
  }

  /// Area of the pixel [x0, x0 + 1] x [y0, y0 + 1] inside the disk of radius r at (cx, cy).
  /// Boundary pixels are integrated over `columns` columns.
  static func diskArea(
    r: Double, cx: Double, cy: Double, x0: Double, y0: Double, columns: Int = 2000
  ) -> Double {
    // Entirely inside or outside: decided by the nearest and farthest corners.
    let nx = max(x0, min(cx, x0 + 1)) - cx
    let ny = max(y0, min(cy, y0 + 1)) - cy
    if nx * nx + ny * ny >= r * r { return 0 }
    let fx = max(abs(x0 - cx), abs(x0 + 1 - cx))
    let fy = max(abs(y0 - cy), abs(y0 + 1 - cy))
    if fx * fx + fy * fy <= r * r { return 1 }
    let n = columns
    var area = 0.0
    for i in 0..<n {
      let x = x0 + (Double(i) + 0.5) / Double(n) - cx
      let h = max(0, r * r - x * x).squareRoot()
      area += max(0, min(cy + h, y0 + 1) - max(cy - h, y0))
    }
    return area / Double(n)
  }

  /// Per pixel: straight colour (0...1) and coverage (0...1), at `scale`.
  func frame(at time: Double, scale: Double) -> (width: Int, colors: [[Double]], coverage: [Double])
  {
    let w = Int((size * scale).rounded(.up))
    let s = stops(at: time)
    var colors: [[Double]] = []
    var coverage: [Double] = []
    let c = size / 2 * scale
    let outer = size / 2 * scale
    let inner = (size / 2 - ringWidth) * scale
    for j in 0..<w {
      for i in 0..<w {
        let x = (Double(i) + 0.5) / scale
        let y = (Double(j) + 0.5) / scale
        colors.append(color((x + y) / (2 * size), s))
        coverage.append(
          ReferenceRing.diskArea(r: outer, cx: c, cy: c, x0: Double(i), y0: Double(j))
            - ReferenceRing.diskArea(r: inner, cx: c, cy: c, x0: Double(i), y0: Double(j)))
      }
    }
    return (w, colors, coverage)
  }
}
