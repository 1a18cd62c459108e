/// What a `CAGradientLayer` draws, with its property names and defaults (SCENE_FORMAT.md "CAGradientLayer").
public struct GradientContent: Hashable, Sendable {
    /// The stops' colors: none draws nothing, one fills the bounds.
    public var colors: [Color]
    /// One per color, 0…1, non-decreasing; nil spaces the stops evenly from 0 to 1.
    public var locations: [Double]?
    /// Unit coordinates of the bounds.
    public var startPoint: Point
    public var endPoint: Point
    public var type: GradientType

    public init(colors: [Color] = [], locations: [Double]? = nil, startPoint: Point = Point(0.5, 0),
                endPoint: Point = Point(0.5, 1), type: GradientType = .axial) {
        self.colors = colors; self.locations = locations; self.startPoint = startPoint; self.endPoint = endPoint
        self.type = type
    }

    /// Where each stop sits: `locations`, or evenly spaced (one color: at 0).
    public var stopLocations: [Double] {
        if let locations, locations.count == colors.count { return locations }
        let n = colors.count
        return (0..<n).map { n > 1 ? Double($0) / Double(n - 1) : 0 }
    }

    /// The stops as they are drawn: colors clamped to 0…1 (NaN as 0), locations made non-decreasing (a
    /// location below its predecessor raised to it, NaN as 0), one per color.
    public var drawnStops: [(color: Color, location: Double)] {
        func unit(_ v: Double) -> Double { v.isNaN ? 0 : min(1, max(0, v)) }
        var locations = stopLocations.map { $0.isNaN ? 0 : $0 }
        for i in locations.indices.dropFirst() where locations[i] < locations[i - 1] { locations[i] = locations[i - 1] }
        return zip(colors, locations).map { c, l in
            (Color(red: unit(c.red), green: unit(c.green), blue: unit(c.blue), alpha: unit(c.alpha)), l)
        }
    }
}

/// `CAGradientLayer.type`.
public enum GradientType: String, Hashable, Sendable, CaseIterable {
    case axial, radial, conic
}
