module.exports = require('preact/compat/jsx-dev-runtime');
