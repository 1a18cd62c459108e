import Lamina

/// The values of one instanced draw, written by field into its `InstanceLayout`'s slots and padded to
/// the 12 vec4 every instance carries.
struct InstanceParameters {
    let layout: InstanceLayout
    private(set) var values: [Float]

    init(_ layout: InstanceLayout) {
        self.layout = layout
        values = [Float](repeating: 0, count: 4 * InstanceLayout.maximumSlots)
    }

    /// Writes field `name`; `value` has as many floats as the field.
    mutating func set(_ name: String, _ value: [Float]) {
        write(layout.field(name), value)
    }

    mutating func set(_ name: String, _ value: Float) { set(name, [value]) }

    /// Writes a rectangle field as (minX, minY, width, height).
    mutating func set(_ name: String, rect r: Rect) { set(name, [r.minX, r.minY, r.width, r.height].map(Float.init)) }

    /// Writes a radii field (top-left, top-right, bottom-right, bottom-left).
    mutating func set(_ name: String, radii shape: RoundedRect) { set(name, shape.radii.all.map(Float.init)) }

    /// Writes a premultiplied color field.
    mutating func set(_ name: String, color c: PremultipliedColor) {
        set(name, [Float(c.red), Float(c.green), Float(c.blue), Float(c.alpha)])
    }

    /// Writes the kind's pixel → local transform: the inverse's rows and the transform's mean scale.
    mutating func setTransform(inverse t: AffineTransform, scale: Double) {
        set("INVERSE_ROW0", [t.a, t.c, t.tx].map(Float.init))
        set("SCALE", Float(scale))
        set("INVERSE_ROW1", [t.b, t.d, t.ty].map(Float.init))
    }

    /// Writes the clip's one shape after the kind's own fields (nothing for a clip without shapes); false
    /// when the shape's transform is singular (nothing is visible).
    mutating func setClip(_ clip: Clip) -> Bool {
        guard let shape = clip.shapes.first else { return true }
        guard let inverse = shape.transform.inverted else { return false }
        let layout = InstanceLayout.clipShape(at: self.layout.slots)
        write(layout.field("CLIP_ROW0"), [inverse.a, inverse.c, inverse.tx].map(Float.init))
        write(layout.field("CLIP_SCALE"), [Float(shape.transform.meanScale)])
        write(layout.field("CLIP_ROW1"), [inverse.b, inverse.d, inverse.ty].map(Float.init))
        write(layout.field("CLIP_CURVE"), [shape.shape.curve == .continuous ? 1 : 0])
        write(layout.field("CLIP_RECT"), [shape.shape.rect.minX, shape.shape.rect.minY, shape.shape.rect.width, shape.shape.rect.height].map(Float.init))
        write(layout.field("CLIP_RADII"), shape.shape.radii.all.map(Float.init))
        return true
    }

    /// Writes a fill's shape and color into the three fields named.
    mutating func setShape(of fill: Fill, rect: String, radii: String, color: String) {
        set(rect, rect: fill.shape.rect)
        set(radii, radii: fill.shape)
        set(color, color: fill.color)
    }

    /// Writes a table shadow: its transform, the map of its table (`ShadowTable`, for the shape's origin)
    /// and its color, into the field named `color`.
    mutating func setTableShadow(_ shadow: RoundedRectShadow, inverse: AffineTransform, table: ShadowTable, color: String) {
        setTransform(inverse: inverse, scale: shadow.transform.meanScale)
        let map = table.textureMap(shapeOrigin: Point(shadow.shape.rect.minX, shadow.shape.rect.minY))
        set("TABLE_MAP", [map.0, map.1, map.2, map.3])
        set(color, color: shadow.color)
    }

    /// The same values under a larger layout whose fields include every field written so far at the same
    /// place (a shadow–fill draw that takes its border along).
    func relaid(as wider: InstanceLayout) -> InstanceParameters {
        for f in layout.fields {
            precondition(wider.field(f.name) == f, "\(wider.name) places \(f.name) elsewhere than \(layout.name)")
        }
        var p = InstanceParameters(wider)
        p.values = values
        return p
    }

    private mutating func write(_ field: InstanceLayout.Field, _ value: [Float]) {
        precondition(value.count == field.count, "\(layout.name).\(field.name) takes \(field.count) floats, got \(value.count)")
        let base = field.slot * 4 + field.first
        for (i, v) in value.enumerated() { values[base + i] = v }
    }
}
