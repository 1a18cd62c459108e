/// A Core Animation-style layer: the value a scene's tree is made of.
///
/// Property names, defaults and meaning follow `CALayer` (see SCENE_FORMAT.md). A layer is a value:
/// two equal layers render the same pixels, which is what the rasterization cache keys on.
public struct Layer: Hashable, Sendable {
    /// The box of the stored properties: copying a layer (a tree's worth of them, when a scene is copied,
    /// sampled or planned) copies one reference, and two copies of an unchanged layer compare equal at once.
    final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var fields: Fields
        /// What later stages found about the subtree, kept while this box is unchanged (`SubtreeFacts`).
        let facts = SubtreeFacts()
        init(_ fields: Fields) { self.fields = fields }
    }

    /// The stored properties, shared copy-on-write by the values that have not changed since they were copied.
    struct Fields: Hashable, Sendable {
        var name: String?
        var bounds: Rect = .zero
        var position: Point = .zero
        var anchorPoint: Point = Point(0.5, 0.5)
        var affineTransform: AffineTransform = .identity
        var zPosition: Double = 0
        var isHidden: Bool = false
        var opacity: Double = 1
        var allowsGroupOpacity: Bool?
        var backgroundColor: Color = .clear
        var cornerRadius: Double = 0
        var maskedCorners: CornerMask = .all
        var cornerCurve: CornerCurve = .circular
        var masksToBounds: Bool = false
        var borderWidth: Double = 0
        var borderColor: Color = .black
        var shadowOpacity: Double = 0
        var shadowColor: Color = .black
        var shadowOffset: Size = Size(0, -3)
        var shadowRadius: Double = 3
        var shadowPath: Path?
        var contents: Image?
        var contentsRect: Rect = Rect(0, 0, 1, 1)
        var contentsCenter: Rect = Rect(0, 0, 1, 1)
        var contentsGravity: ContentsGravity = .resize
        var contentsScale: Double = 1
        var minificationFilter: ScalingFilter = .linear
        var magnificationFilter: ScalingFilter = .linear
        var minificationFilterBias: Double = 0
        var shouldRasterize: Bool = false
        var rasterizationScale: Double = 1
        var sublayers: [Layer] = []
        var animations: [Animation] = []
        var maskStorage: [Layer] = []
        var content: LayerContent?
        var timing = LayerTiming()
    }

    private(set) var storage: Storage

    public var name: String? { get { storage.fields.name } set { makeUnique(); storage.fields.name = newValue } }
    public var bounds: Rect { get { storage.fields.bounds } set { makeUnique(); storage.fields.bounds = newValue } }
    public var position: Point { get { storage.fields.position } set { makeUnique(); storage.fields.position = newValue } }
    public var anchorPoint: Point { get { storage.fields.anchorPoint } set { makeUnique(); storage.fields.anchorPoint = newValue } }
    public var affineTransform: AffineTransform { get { storage.fields.affineTransform } set { makeUnique(); storage.fields.affineTransform = newValue } }
    public var zPosition: Double { get { storage.fields.zPosition } set { makeUnique(); storage.fields.zPosition = newValue } }
    public var isHidden: Bool { get { storage.fields.isHidden } set { makeUnique(); storage.fields.isHidden = newValue } }
    /// 0…1, clamped when set (what `CALayer.opacity` draws); NaN sets the default, 1.
    public var opacity: Double { get { storage.fields.opacity } set { makeUnique(); storage.fields.opacity = Layer.unit(newValue, nan: 1) } }
    /// nil = the scene's `groupOpacity` default.
    public var allowsGroupOpacity: Bool? { get { storage.fields.allowsGroupOpacity } set { makeUnique(); storage.fields.allowsGroupOpacity = newValue } }
    public var backgroundColor: Color { get { storage.fields.backgroundColor } set { makeUnique(); storage.fields.backgroundColor = newValue } }
    /// ≥ 0, clamped when set (a negative radius draws square corners, as in Core Animation); NaN and ±∞ set 0.
    /// Drawing further limits it to half the shorter side of the bounds (`roundedBounds`), the stored value stays.
    public var cornerRadius: Double { get { storage.fields.cornerRadius } set { makeUnique(); storage.fields.cornerRadius = Layer.nonNegative(newValue, nonFinite: 0) } }
    public var maskedCorners: CornerMask { get { storage.fields.maskedCorners } set { makeUnique(); storage.fields.maskedCorners = newValue } }
    public var cornerCurve: CornerCurve { get { storage.fields.cornerCurve } set { makeUnique(); storage.fields.cornerCurve = newValue } }
    public var masksToBounds: Bool { get { storage.fields.masksToBounds } set { makeUnique(); storage.fields.masksToBounds = newValue } }
    /// ≥ 0, clamped when set (a negative width draws no border); NaN and ±∞ set 0.
    public var borderWidth: Double { get { storage.fields.borderWidth } set { makeUnique(); storage.fields.borderWidth = Layer.nonNegative(newValue, nonFinite: 0) } }
    public var borderColor: Color { get { storage.fields.borderColor } set { makeUnique(); storage.fields.borderColor = newValue } }
    /// 0…1, clamped when set; NaN sets the default, 0.
    public var shadowOpacity: Double { get { storage.fields.shadowOpacity } set { makeUnique(); storage.fields.shadowOpacity = Layer.unit(newValue, nan: 0) } }
    public var shadowColor: Color { get { storage.fields.shadowColor } set { makeUnique(); storage.fields.shadowColor = newValue } }
    public var shadowOffset: Size { get { storage.fields.shadowOffset } set { makeUnique(); storage.fields.shadowOffset = newValue } }
    /// ≥ 0, clamped when set (a negative radius draws a sharp shadow); NaN and ±∞ set the default, 3.
    public var shadowRadius: Double { get { storage.fields.shadowRadius } set { makeUnique(); storage.fields.shadowRadius = Layer.nonNegative(newValue, nonFinite: 3) } }
    public var shadowPath: Path? { get { storage.fields.shadowPath } set { makeUnique(); storage.fields.shadowPath = newValue } }
    public var contents: Image? { get { storage.fields.contents } set { makeUnique(); storage.fields.contents = newValue } }
    public var contentsRect: Rect { get { storage.fields.contentsRect } set { makeUnique(); storage.fields.contentsRect = newValue } }
    public var contentsCenter: Rect { get { storage.fields.contentsCenter } set { makeUnique(); storage.fields.contentsCenter = newValue } }
    public var contentsGravity: ContentsGravity { get { storage.fields.contentsGravity } set { makeUnique(); storage.fields.contentsGravity = newValue } }
    public var contentsScale: Double { get { storage.fields.contentsScale } set { makeUnique(); storage.fields.contentsScale = newValue } }
    public var minificationFilter: ScalingFilter { get { storage.fields.minificationFilter } set { makeUnique(); storage.fields.minificationFilter = newValue } }
    public var magnificationFilter: ScalingFilter { get { storage.fields.magnificationFilter } set { makeUnique(); storage.fields.magnificationFilter = newValue } }
    public var minificationFilterBias: Double { get { storage.fields.minificationFilterBias } set { makeUnique(); storage.fields.minificationFilterBias = newValue } }
    public var shouldRasterize: Bool { get { storage.fields.shouldRasterize } set { makeUnique(); storage.fields.shouldRasterize = newValue } }
    public var rasterizationScale: Double { get { storage.fields.rasterizationScale } set { makeUnique(); storage.fields.rasterizationScale = newValue } }
    public var sublayers: [Layer] {
        get { storage.fields.sublayers }
        _modify { makeUnique(); yield &storage.fields.sublayers }
    }
    /// Explicit animations of this layer's properties (SCENE_FORMAT.md "Animations (v1.1)"), in order:
    /// the later one wins on a shared property. `presentation(at:)` samples them.
    public var animations: [Animation] {
        get { storage.fields.animations }
        _modify { makeUnique(); yield &storage.fields.animations }
    }
    /// The layer's own time (`CAMediaTiming` on a layer): its animations and its subtree's run on it.
    public var timing: LayerTiming { get { storage.fields.timing } set { makeUnique(); storage.fields.timing = newValue } }
    /// What a text, gradient or shape layer draws in place of `contents`; nil for a plain `CALayer`.
    public var content: LayerContent? { get { storage.fields.content } set { makeUnique(); storage.fields.content = newValue } }
    private var maskStorage: [Layer] {
        get { storage.fields.maskStorage }
        _modify { makeUnique(); yield &storage.fields.maskStorage }
    }

    /// Gives this value a box of its own before a change, when another value shares it, and forgets what
    /// was derived from the old state.
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) } else { storage.facts.forget() }
    }

    /// Whether two values are copies of one unchanged layer (equal, and cheaper to ask than `==`).
    func sharesStorage(with other: Layer) -> Bool { storage === other.storage }

    /// Whether two layers' own properties are equal, their sublayers and masks left out (so the cost does
    /// not grow with their subtrees).
    func hasSameOwnProperties(as other: Layer) -> Bool {
        if storage === other.storage { return true }
        var a = storage.fields, b = other.storage.fields
        a.sublayers = []; a.maskStorage = []
        b.sublayers = []; b.maskStorage = []
        return a == b
    }

    /// Compared without recursion (trees may be `Limits.maxDepth` deep): pairs of the same storage are
    /// equal at once, others by their own properties and then their sublayers and masks.
    public static func == (a: Layer, b: Layer) -> Bool {
        if a.storage === b.storage { return true }
        var pending = [(a, b)]
        while let (x, y) = pending.popLast() {
            let xs = x.storage.fields.sublayers, ys = y.storage.fields.sublayers
            let xm = x.storage.fields.maskStorage, ym = y.storage.fields.maskStorage
            guard xs.count == ys.count, xm.count == ym.count else { return false }
            let below = zip(xs, ys).filter { $0.storage !== $1.storage } + zip(xm, ym).filter { $0.storage !== $1.storage }
            if below.isEmpty {
                guard x.storage.fields == y.storage.fields else { return false }
                continue
            }
            guard x.hasSameOwnProperties(as: y) else { return false }
            pending += below
        }
        return true
    }

    public func hash(into hasher: inout Hasher) { storage.fields.hash(into: &hasher) }

    public init(name: String? = nil) { storage = Storage(Fields(name: name)) }

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
