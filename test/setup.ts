// Ink reads CI at import time and, when it is set, writes no frames until exit.
// CI=true is set on our CI machines, so neutralise it before any test imports Ink.
delete process.env.CI;
delete process.env.CONTINUOUS_INTEGRATION;
