import RingGraphics

/// A layer tree as it shows at one time: an immutable value, every animatable property
/// resolved. Nodes are stored flat in pre-order (a node, its mask's subtree, then its
/// sublayers' subtrees), so a presentation refreshed every frame reuses its storage.
public struct Presentation: Sendable {
  /// One layer as presented.
  public struct Node: Sendable {
    public internal(set) var kind: LayerKind
    public internal(set) var properties: LayerProperties
    /// Index of the mask's node, if the layer has a mask.
    public internal(set) var mask: Int?
    /// Index of the first sublayer's node (or `end` when there are none).
    public internal(set) var sublayersStart = 0
    /// One past the last node of this layer's subtree.
    public internal(set) var end = 0
    /// Whether the layer has animations (its drawing may change with time).
    public internal(set) var isAnimated = false
    /// Whether the layer is (inside) a mask: only its alpha counts.
    public internal(set) var isInMask = false
    /// The layer's stamp when `properties` were copied from its model.
    var modelStamp: UInt64 = 0
    /// The layer's stamp when its geometry is its model's (no animation changes geometry),
    /// else 0: equal stamps mean equal geometry.
    var geometryStamp: UInt64 = 0

    init(kind: LayerKind, properties: LayerProperties) {
      self.kind = kind
      self.properties = properties
    }
  }

  /// The nodes in pre-order; the root is the first.
  public internal(set) var nodes: [Node] = []
  /// The clock time presented.
  public internal(set) var time = MediaTime.zero

  /// An empty presentation, to be filled by `Layer.present(at:into:)`.
  public init() {}

  /// The indices of node `i`'s sublayers, back to front.
  public func sublayers(of i: Int) -> Sublayers {
    Sublayers(nodes: nodes, start: nodes[i].sublayersStart, end: nodes[i].end)
  }

  /// A node's sublayer indices, walked without allocating.
  public struct Sublayers: Sequence, IteratorProtocol {
    let nodes: [Node]
    var cursor: Int
    let end: Int
    init(nodes: [Node], start: Int, end: Int) {
      self.nodes = nodes
      cursor = start
      self.end = end
    }
    public mutating func next() -> Int? {
      guard cursor < end else { return nil }
      defer { cursor = nodes[cursor].end }
      return cursor
    }
  }
}
