// The error function, Abramowitz & Stegun 7.1.26 (|error| < 1.5e-7), extended to negative x by symmetry.
float erfApprox(float x) {
    float ax = abs(x);
    float t = 1.0 / (1.0 + 0.3275911 * ax);
    float poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
    float y = 1.0 - poly * exp(-ax * ax);
    return x < 0.0 ? -y : y;
}
