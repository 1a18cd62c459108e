/// A Core Animation-style layer: the value a scene's tree is made of.
///
/// Property names, defaults and meaning follow `CALayer` (see SCENE_FORMAT.md). A layer is a value:
/// two equal layers render the same pixels, which is what the rasterization cache keys on.
public struct Layer: Hashable, Sendable {
    public var name: String?
    public var bounds: Rect = .zero
    public var position: Point = .zero
    public var anchorPoint: Point = Point(0.5, 0.5)
    public var affineTransform: AffineTransform = .identity
    public var zPosition: Double = 0
    public var isHidden: Bool = false
    public var opacity: Double = 1
    /// nil = the scene's `groupOpacity` default.
    public var allowsGroupOpacity: Bool?
    public var backgroundColor: Color = .clear
    public var cornerRadius: Double = 0
    public var maskedCorners: CornerMask = .all
    public var cornerCurve: CornerCurve = .circular
    public var masksToBounds: Bool = false
    public var borderWidth: Double = 0
    public var borderColor: Color = .black
    public var shadowOpacity: Double = 0
    public var shadowColor: Color = .black
    public var shadowOffset: Size = Size(0, -3)
    public var shadowRadius: Double = 3
    public var shadowPath: Path?
    public var contents: Image?
    public var contentsRect: Rect = Rect(0, 0, 1, 1)
    public var contentsCenter: Rect = Rect(0, 0, 1, 1)
    public var contentsGravity: ContentsGravity = .resize
    public var contentsScale: Double = 1
    public var minificationFilter: ScalingFilter = .linear
    public var magnificationFilter: ScalingFilter = .linear
    public var minificationFilterBias: Double = 0
    public var shouldRasterize: Bool = false
    public var rasterizationScale: Double = 1
    public var sublayers: [Layer] = []
    /// Explicit animations of this layer's properties (SCENE_FORMAT.md "Animations (v1.1)"), in order:
    /// the later one wins on a shared property. `presentation(at:)` samples them.
    public var animations: [Animation] = []
    private var maskStorage: [Layer] = []

    public init(name: String? = nil) { self.name = name }

    /// The mask layer: only its alpha matters; laid out in this layer's bounds space.
    public var mask: Layer? {
        get { maskStorage.first }
        set { maskStorage = newValue.map { [$0] } ?? [] }
    }

    /// CALayer's frame setter: sets bounds size (origin 0,0) and position through `anchorPoint`.
    /// The transform is ignored here, as SCENE_FORMAT.md's edge cases decide.
    public mutating func setFrame(_ frame: Rect) {
        bounds = Rect(0, 0, frame.width, frame.height)
        position = Point(frame.minX + anchorPoint.x * frame.width, frame.minY + anchorPoint.y * frame.height)
    }

    /// Maps this layer's bounds space into its superlayer's bounds space.
    public var transformToSuperlayer: AffineTransform {
        let ax = bounds.minX + anchorPoint.x * bounds.width, ay = bounds.minY + anchorPoint.y * bounds.height
        return AffineTransform.translation(-ax, -ay)
            .concatenating(affineTransform)
            .concatenating(.translation(position.x, position.y))
    }

    /// The rounded bounds that background, border and clip share.
    public var roundedBounds: RoundedRect {
        RoundedRect(rect: bounds, cornerRadius: cornerRadius, mask: maskedCorners, curve: cornerCurve)
    }

    /// True when a layer casts a visible shadow at all.
    public var castsShadow: Bool { shadowOpacity > 0 && shadowColor.alpha > 0 }
}

/// How contents fit the bounds (`CALayer.contentsGravity`); top = small y (screen top).
public enum ContentsGravity: String, Hashable, Sendable, CaseIterable {
    case resize, resizeAspect, resizeAspectFill, center, top, bottom, left, right
    case topLeft, topRight, bottomLeft, bottomRight
}

/// Texture sampling filters (`kCAFilterLinear`, `kCAFilterNearest`, `kCAFilterTrilinear`).
public enum ScalingFilter: String, Hashable, Sendable, CaseIterable {
    case linear, nearest, trilinear
}
