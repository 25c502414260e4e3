#ifndef MODELGEN_CLIBXML2_SHIM_H
#define MODELGEN_CLIBXML2_SHIM_H

// Debian builds libxml2 with ICU; ICU's UErrorCode then clashes with Foundation's copy.
// The model reader never uses libxml2's ICU encoders, so hide them before any other header.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlmemory.h>

/// `xmlFree` is a global function-pointer variable, which Swift 6 rejects as shared mutable state.
static inline void modelgen_xmlFree(void *pointer) {
    xmlFree(pointer);
}

/// `XML_SAX2_MAGIC` is a macro with an unsigned value that Swift does not import.
static inline unsigned int modelgen_sax2Magic(void) {
    return XML_SAX2_MAGIC;
}

#endif
