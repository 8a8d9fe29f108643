"""The patterns the rules in `textkind.rules` test a text with: what a bullet, a caption, a reference, code or
boilerplate looks like. Each is written here once; `ingest` and `summarizer` import them from `textkind`."""

from __future__ import annotations

import re

# The marks a list item opens with (a dash and an asterisk only where the text is plain, see `LIST_MARKER`).
BULLET_MARKS = "•▪◦‣●■□➢►\uf0b7\uf0a7"  # U+F0B7, U+F0A7: the Symbol and Wingdings bullets word processors write
# A paragraph that opens with a bullet mark or an en dash and a space: a list item (the mark is dropped).
BULLET = re.compile(rf"^[{BULLET_MARKS}–]\s+")
# A line of plain text that opens a list item: a bullet mark, '-' or '*', or an enumerator ('3.', '(2)', 'b)').
LIST_MARKER = re.compile(rf"^\s*(?:[-*{BULLET_MARKS}]|\(?\d{{1,3}}[.)]|\(?[a-z][.)])\s+")

# --- What a paragraph is (ingest types its blocks with these) ---
CAPTION_OPENING = re.compile(
    r"^(?:figure|fig\.|table|listing|algorithm|exhibit|chart|plate|diagram|photo|image)\s*"
    r"[A-Z]?\d+(?:[.-]\d+)*[a-z]?(?:\s*[.:—–|]|\s+-\s)",
    re.I,
)
REFERENCE_ENTRY = re.compile(
    r"^(?:\[\s*[\w+.-]{1,12}\s*\]|\(\d{1,3}\)|\d{1,3}\.\s+[A-Z][a-z'’-]+,\s+[A-Z]\.)"
    r"|^[A-Z][a-z'’-]+,\s+(?:[A-Z]\.\s?){1,3}(?:,|and|&)"
)
# A standard or a specification cited by its number: "ISO/IEC 10646, Information technology — ...", "IEEE Std
# 754-2008, IEEE Standard for ...", "RFC 3986 Uniform Resource Identifier (URI): ...", "ITU-T Rec. X.509 | ...".
STANDARD_ENTRY = re.compile(
    r"^(?P<body>(?:[A-Z][A-Z0-9]{1,7}(?:-[A-Z])?)(?:/[A-Z][A-Z0-9]{1,7}(?:-[A-Z])?)*"
    r"(?:\s+[A-Z][A-Z0-9]{1,7}(?:/[A-Z][A-Z0-9]{1,7})*){0,2})"
    r"(?:[\s-]+(?:Std|Standard|Rec|Recommendation|Pub|PUB|SP|TR|TS|Guide)\.?)?[\s-]+[A-Z]?\.?\d{1,6}(?:[.\-–]\d{1,5})*"
    r"(?:\s*:\s*(?:1[89]|20)\d\d)?(?:\s*\([^()]{1,30}\))?(?P<sep>,|\s[—–|-]|:)?\s+(?P<title>\S.*)$"
)
WEB_ADDRESS = re.compile(r"https?://|www\.")
TITLE_MARK = re.compile(r"\s[—–]\s|\bPart \d|:\s")
# A reference entry's year may carry a letter ('2019a'); a sentence's (`YEAR`) may not.
ENTRY_YEAR = re.compile(r"\b(?:1[89]|20)\d\d[a-z]?\b")
CODE_CHAR = re.compile(r"[{}\[\]();=<>|&*/\\_#$@^~`]")
CODE_STATEMENT = re.compile(r"::=|:=|=>|->|==|!=|\+\+|&&|\|\||\w\(\)|;\s*$|^\s*[{}]\s*$")
# An item of a prose list: its enumerator ("1.", "2)", "(3)", "a)", "iv.") and then only words, numbers and
# ranges ("clauses 1–7"), brackets, dashes and an ellipsis: "1. Front matter (clauses 1–7);", "b) the scope; and".
LIST_ENUMERATOR = re.compile(r"^\s*\(?(?:\d{1,3}(?:\.\d{1,3})*|[A-Za-z]|[ivxlc]{1,5})[.)]\s+(?=\S)")
PROSE_TOKEN = re.compile(
    r"[\"'“‘(\[]*(?:[A-Za-z][A-Za-z'’/-]*|\d{1,6}(?:[.,:–-]\d{1,6})*[a-z]?)[.,;:!?\"'”’)\]]*|[—–-]|&|\.{3}|…"
)
# What marks a line as program text even among plain words: an operator, a brace, a name glued to its brackets
# ("get(x)", "f()"), snake_case, camelCase, a tag.
CODE_SIGN = re.compile(r"[=<>{}|\\`$@#^~*]|\w[(\[]|\b[a-z]+_\w|\b[a-z]+[A-Z]\w*\b|::")
CODE_WORDS = re.compile(
    r"\b(?:def|return|import|class|function|var|let|const|public|private|static|void|int|"
    r"fun|val|datatype|struct|if|else|for|while|lambda|begin|end)\b"
)

# --- What a sentence is not (the summarizer reads only prose) ---
COPYRIGHT = re.compile(
    r"©|\(c\)\s*\d{4}|all rights reserved|permission to (?:make|copy)|licen[cs]ed under|"
    r"creative commons|this article is published under",
    re.I,
)
DOT_LEADER = re.compile(r"(?:\.\s?){4,}|…{2,}")
CAPTION = re.compile(
    r"^(?:figure|fig\.|table|listing|algorithm|exhibit|chart)\s*[A-Z]?\d+[a-z]?(?:[.:]|\s+[-—–])", re.I
)
REFERENCE = re.compile(
    r"^\[\s*[\w+.-]{1,12}\s*\]|^[A-Z][a-z'’-]+,\s+(?:[A-Z]\.\s?){1,3}[,&]|"
    r"\b(?:proceedings of|proc\.|pp\.|vol\.|doi:?|isbn|arxiv:|in:)\s",
    re.I,
)
YEAR = re.compile(r"\b(?:1[89]|20)\d\d\b")
# A standard cited by its number and title ("ISO/IEC 10646, Information technology — Universal Coded Character Set.",
# "IEEE Std 754-2008, IEEE Standard for Floating-Point Arithmetic, 2008."): an entry of a reference list.
STANDARD_CITED = re.compile(
    r"^[A-Z][A-Z0-9]{1,7}(?:-[A-Z])?(?:/[A-Z][A-Z0-9]{1,7})*(?:\s+[A-Z][A-Z0-9]{1,7}){0,2}"
    r"(?:[\s-]+(?:Std|Rec)\.?)?[\s-]+[A-Z]?\.?\d{1,6}(?:[.\-–]\d{1,5})*(?:\s*:\s*(?:1[89]|20)\d\d)?,\s+[A-Z]"
)
TITLE_DASH = re.compile(r"\s[—–]\s")
# Items of an enumerated list run together: "... (clause 8–9); 3." or "...: 1. Front matter; 2. Overview".
ENUMERATED = re.compile(r"[;:]\s+\(?(?:\d{1,3}|[a-z]|[ivx]{1,4})[.)](?:\s+[A-Z]|$)")
URL = re.compile(r"https?://\S+|www\.\S+|\b[\w.+-]+@[\w-]+\.[\w.]+")
CODE = re.compile(
    r"->|::|==|!=|:=|=>|<=|>=|\+\+|&&|\|\||[{}]|\w\(\)|\b\w+\(\w*[,)]|\b[a-z]+_[a-z_]+\b|"
    r"\b[a-z]+[A-Z]\w*\b|</?\w+>"
)
MATH = re.compile(r"[=<>≤≥≠≈∑∏∫√∞∈∉⊂⊆∪∩∀∃→←↔⇒⇔±×÷^|~]")
HEADING_PREFIX = re.compile(r"^(?:\d+(?:\.\d+)*\.?|[A-Z]\.\d+(?:\.\d+)*|[IVX]+\.)\s+(?=[A-Z])")
SHOUTING = re.compile(r"^(?:[A-Z][A-Z'’-]+\s+){3,}")
KEYWORDS = re.compile(
    r"^(?:(?:acm )?cr )?(?:keywords|index terms|categories and subject descriptors|general terms|ccs concepts|"
    r"acm reference format|key words|additional key words)\b",
    re.I,
)
# A byline or a page's furniture, by where it sits: "By Jane Doe, CNN", "By . Daily Mail Reporter", "PUBLISHED: 12:01",
# "Photo: AP"; not prose that opens with the same word ("By far the most ...", "Posted to Facebook, the image ...").
BYLINE = re.compile(
    r"^[Bb]y\s*\.|^[Bb]y\s+(?:[A-Z][\w.'’-]*\s+){0,3}[A-Z][\w.'’-]*\s*(?:$|[.|]|,\s*(?:for\b|[A-Z])|"
    r"(?:and|for)\s+[A-Z])|"
    r"(?i:^(?:published|updated|last updated|posted)\s*(?::|on\b|at\b|by\b|\d)|^written by\s|"
    r"^(?:photo|image|picture|video|source|credit)s?(?:\s*:|\s+(?:by|courtesy|credit)\b)|"
    r"^(?:click here|scroll down|follow @|read more|share this|table of contents))"
)
# A place in a picture's row: "second from left", "third from right", "back row, left", "centre right".
PICTURE_PLACE = (
    r"(?:(?:first|second|third|fourth|fifth|far|top|bottom|back|front|centre|center|middle)(?:,?\s+row)?,?\s+)*"
    r"(?:from\s+)?(?:left|right)"
)
# A picture's position in brackets or between commas inside a sentence written beside a photo ("Terry (pictured) has
# ...", "Giteau (left) takes on ...", "Katie, left, was ...", "Pellegrini (third from right) ...", "... two Costa cafes
# (file picture).", "The mammoths (shown in the reconstruction above) ..."): the marker is dropped from the shown
# sentence.
PHOTO_MARKER = re.compile(
    r"\s*\((?:[^()]{0,40}\bpictured(?:\s+[\w'’,-]+){0,16}|"
    rf"{PICTURE_PLACE}(?:\s+and\s+(?:left|right|centre|center|above|below|inset))?|"
    r"centre|center|middle|inset|(?:[^()]{0,30}\b)?(?:file|stock) (?:photo|picture|image)[^()]{0,30}|"
    r"(?:[^()]{0,40}\s)?(?:above|below)|"
    r"main picture|main image)\)|"
    rf",\s(?:{PICTURE_PLACE}|centre|center|above|below|inset),(?=\s)",
    re.I,
)
# A present-tense verb right after a picture's marker: "Adam (right) celebrates with ...", "Pele (right) runs with
# the ball": the sentence is the photo's caption ("Terry (pictured) has ...", "Bailey (pictured) said ..." are not).
PRESENT_AFTER_MARKER = re.compile(
    r"\s+(?:(?:also|then|now|still|again)\s+)?(?!(?:is|has|was|says|does|claims|admits|insists|believes|reveals|"
    r"denies|warns|argues|thinks|wants|hopes|fears|explains|describes|as|its|this|his|always|perhaps|towards|across|"
    r"plus|thus|unless|whereas|besides|news|series|species|dozens|hundreds|thousands|millions)\b)[a-z]+[^s\W]s\b"
)
# A picture's direction between names and a place, with no verb: "Chris Nash (left) and Ed Joyce (right) at Sussex's
# media day", "Lohan, left, in Cannes": the names before the marker (`NAMES_BEFORE_MARKER`, markers dropped), a place
# after it (`PLACE_AFTER_MARKER`).
NAMES_BEFORE_MARKER = re.compile(
    r"(?:[A-Z][\w'’.-]*)(?:\s+(?:[A-Z][\w'’.-]*|and|&|of|de|van|der|von|la|le|da|el|al|bin)){0,7}"
)
PLACE_AFTER_MARKER = re.compile(
    r",?\s+(?:at|in|with|during|outside|inside|alongside|on)\s+(?!(?:which|whom|what)\b)"
    r"(?![^.]*\b(?:is|are|was|were|has|have|had|will|would|can|could|may|might|must|said|says|told|shows?)\b)"
)
LOWER_WORD = re.compile(r"^[\"'(“‘]*[a-z]")
NAME_PARTICLES = frozenset("and or of de van der von la le da el al bin mins min".split())
# A sentence that is a photo's caption, once its markers are dropped: a name doing something in the present tense
# ("Jimmy Anderson celebrates taking ...", "Prince Andrew pictured leaving ...", "The rapper poses in ..."), ", pictured
# ...", "is pictured here", a picture's direction between commas ("Lohan, left, at ..."), a label ("Left: ...",
# "Above: ...", "Above, ..."), someone posing for a photo, "is seen ...ing", "from left to right:", "the map above",
# then and now ("... at the age of 18 in 2005 and now at the age of 28"), someone photographed doing something, a
# file or stock picture ("In this April 13, 2011, file photo, ..."), a credit line ("CNN's Debra Goldschmidt
# contributed to this report.", "Photo: Getty Images", "... (Getty Images)").
PHOTO_CAPTION = re.compile(
    r"^(?:(?:[A-Z][\w'’.-]*|and|&)\s+){1,5}(?:pictured|celebrates|poses|photographed)\b|"
    r"\b(?:was|were|has been|have been|had been) pictured\b|"
    r"\bpictured (?:last|this|on|in|at|with|from|during|after|before|outside|inside|together|here|[a-z]+ing)\b|"
    r"^(?:[\w'’.-]+\s+){1,8}?(?:poses|smiles|grins|waves|beams|gestures|looks on|cuddles up|hugs|embraces|kisses|"
    r"celebrates|shows off|is all smiles)(?=\s+(?!(?:and|or|such|were|are|of)\b)[\w'\"‘“])"
    r"(?![^.]{0,60}\b(?:said|says|told|after|because|since|when)\b)|"
    r"^(?i:left|right|above|below|top|bottom|inset|main picture|main image|pictured)\s*:|"
    r"\bat (?:the )?age (?:of )?\d{1,3}\b[^.]{0,60}\band (?:now|today|later)\b|"
    r"\b(?:in|circa) (?:19|20)\d\d,? and (?:now|today|(?:again )?in (?:19|20)\d\d)\b(?=[^.]{0,40}[.!]?$)|"
    r"\b(?:was|were|is|are) (?:photographed|snapped)\b|"
    r"^(?:[\w'’.-]+\s+){1,8}?(?:is|are) seen (?!as\b)[a-z]+ing\b|"
    r"(?:^|[.!?]\s+)(?:Above|Below|Inset),\s|"
    r"^(?:[\w'’.-]+\s+){1,12}?(?<!\bwould )(?<!\bwill )(?<!\bto )(?<!\bcan )(?<!\bcould )poses? for (?:a |the )?"
    r"(?:photo(?:graph)?s?|pictures?|selfies?|snaps?|cameras?|photographers?|portraits?)\b|"
    r"(?i:\bfrom left(?: to right)?\s*[:,]|"
    r"\b(?:the|this|that) (?:map|picture|photo|photograph|image|graphic|drawing|illustration) (?:above|below)\b)|"
    r"(?i:(?:^|,\s)pictured\b|\b(?:is|are) pictured\b|\bpictured (?:above|below|here|left|right|centre|center)\b|"
    r"\b(?:file|stock) (?:photo(?:graph)?|picture|image)\b|"
    r"^in this (?:[\w,.]+\s+){0,5}(?:photo|photograph|picture|image)\b|"
    r"\bcontributed (?:to this (?:report|story|article)|reporting)\b|"
    r"^(?:photo(?:graph)?s?|images?|pictures?|credits?)\s*(?::|by\b|courtesy\b)|"
    r"\b(?:getty images|ap photo|rex features|rex/shutterstock|splash news|barcroft media|swns|pa wire|afp/getty)"
    r"\)?[.]?$)"
)
# A paragraph short enough to be one caption: at most `CAPTION_WORDS` words and no sentence's end inside it.
INNER_SENTENCE_END = re.compile(r"[.!?][\"'”’)]*\s+[\"'“‘(]?[A-Z]")
# The tail of a sentence torn from its start, e.g. by a figure between two columns: "(ALS), a filtering ...".
FRAGMENT_START = re.compile(r"^\([^()]{1,40}\)\s*(?:[,;:]|[a-z])")
DATE_ONLY = re.compile(r"^[\W\d]*(?:\d{1,2}:\d{2}|\d{4})[\W\w]{0,40}$")
BOILERPLATE = re.compile(
    r"\b(?:national bodies that are members of (?:iso|iec)|(?:iso|iec) (?:and (?:iso|iec) )?technical committees|"
    r"organizations?, governmental and non-governmental|in the field of information technology, iso and iec|"
    r"international standards are drafted in accordance|draft international standards adopted by|"
    r"publication as an international standard requires|attention is drawn to the possibility that some of the "
    r"elements|(?:iso|iec) shall not be held responsible for identifying|the main task of (?:the )?(?:joint )?"
    r"technical committees?|(?:cancels and replaces|constitutes a technical revision of) the (?:first|second|"
    r"third|previous) edition|this (?:\w+ )?edition (?:cancels|replaces|supersedes)|has been technically revised|"
    r"this document was prepared by (?:technical committee|joint technical committee|iso)|"
    r"any trade name used in this document|for an explanation (?:on|of) the voluntary nature|"
    r"form the specialized system for worldwide standardi[sz]ation|the following referenced documents are "
    r"indispensable|for (?:dated|undated) references, (?:only )?the (?:edition cited|latest edition)|"
    r"(?:first|earlier|previous|preliminary|shorter|extended|conference) version of this (?:paper|article|work|"
    r"report)|this (?:work|research|paper|material|project) (?:was|is|has been) (?:\w+ )?(?:supported|funded)|"
    r"supported in part by|the views and conclusions contained in this (?:document|paper|report)|"
    r"should not be interpreted as (?:necessarily )?representing the official policies)",
    re.I,
)
# A sentence may open with a lower-case name that it goes on to describe ("numpy is ...", "git lets ...").
NAME_FIRST = re.compile(r"^[a-z][\w.+-]*\s+(?:is|are|was|provides|offers|lets|makes|helps|supports|can|allows)\b")
SENTENCE_END = re.compile(r"""[.!?…]["'”’)\]]*$""")
PLAIN_WORD = re.compile(r"(?<!\S)[\"'“‘(]*[A-Za-z][a-z'’-]*[.,;:!?\"'”’)]*(?!\S)")
SPLIT_LETTERS = re.compile(r"(?:\b\w\s){4,}")
# A paper's footnote run into its text: where the work was done, who paid for it, an address, thanks.
FOOTNOTE = re.compile(
    r"\b(?:work|research|paper|part of (?:this|the) (?:work|research))\b[^.]{0,40}?\b(?:was |were )?"
    r"(?:done|performed|conducted|carried out|completed|written)\s+(?:in part\s+)?(?:while|when|during)\b|"
    r"^(?:[*∗†‡§¶]\s*)?(?:(?:this|the) (?:work|research|material|project|author|authors?'? work) (?:is|was|were|has "
    r"been) )?(?:partially |partly |generously |in part )?(?:supported|funded|sponsored|financed)\s+(?:in part\s+)?"
    r"by\b(?=[^.]{0,150}\b(?:grants?|awards?|contracts?|fellowships?|foundation|council|agency|program(?:me)?|nsf|"
    r"darpa|doe|nih|erc|epsrc|dfg|onr|scholarships?|gifts?)\b)|"
    r"^(?:[*∗†‡§¶]\s*)?(?:authors?[’']?s?[’']? (?:current |present |e-?mail )?address(?:es)?|corresponding author|"
    r"(?:current|present|permanent) (?:address|affiliation)|e-?mail(?: address(?:es)?)?)\s*[:.,]|"
    r"\b(?:is|are|was|were) (?:now |currently )?(?:with|at) the (?:department|dept\.|school|faculty|laboratory|"
    r"institute|university|college|division) of\b|"
    r"^(?:we|the authors?) (?:would (?:also )?like to |wish to |also |gratefully )?(?:thank|acknowledge|are "
    r"(?:grateful|indebted|thankful))\b",
    re.I,
)
# A sentence that leans on the text before it as a whole: "Recall that ...", "With that background, ...", "As
# mentioned above, ...", "Returning to ...", "Having described ...".
BACK_REFERENCE = re.compile(
    r"^(?:recall|remember)\s+(?:that|from|how|what|again|our|the|we)\b|"
    r"^with (?:that|this|these|the above|all this|those) (?:background|in mind|said|setup|preliminaries|definitions|"
    r"introduction|context|notation|out of the way)\b|"
    r"^as (?:we )?(?:have |had )?(?:mentioned|noted|discussed|described|stated|explained|seen|shown|argued|"
    r"observed|defined|said|outlined|pointed out|promised) (?:above|before|earlier|previously|in (?:the )?"
    r"(?:previous|preceding|last|earlier|prior) (?:sub)?(?:section|chapter))\b|"
    r"^as (?:before|above|noted|mentioned)\b|"
    r"^(?:returning|going back|turning back|coming back) to (?:the|our|this|that|these|section|figure|example)\b|"
    r"^having (?:now )?(?:described|defined|introduced|established|shown|seen|discussed|presented|explained)\b",
    re.I,
)
# Where a symbol was lost from the text layer: a superscript or an operator dropped between digits ("9829739" for
# 9829^739), a private-use glyph or a replacement character.
LOST_SYMBOL = re.compile(r"(?<![\w,.-])\d{7,}(?![\d,.]?\d)|[\ue000-\uf8ff\ufffd]")
# A venue line: "To appear in OSDI 2004", "Accepted at ICML 2019", "Submitted to ...", "Published in Proc. ...".
VENUE = re.compile(
    r"(?i:^(?:to appear in|accepted (?:for publication )?(?:in|at|to|by)|submitted (?:for publication )?to|"
    r"under (?:submission|review) (?:at|to)|camera[- ]ready (?:version )?for)\s)|"
    r"(?:\b[Tt]o appear|^(?:Published|Presented|Appeared|Appears)) (?:in|at) (?:the )?(?:[Pp]roc(?:eedings|\.)|"
    r"[A-Z]{3,}\b[^.]{0,20}?\b(?:19|20)\d\d\b)"
)
# Notation a summary cannot show without its definition: an indexed name ("counterp[p]"), a function of one-letter
# arguments ("f(x)", "P(i, j)"), a subscript ("x_i"), a Greek letter; and the words a proof step opens with.
NOTATION = re.compile(
    r"\w\[[A-Za-z][\w+*-]{0,5}\]|\b(?!O\()[A-Za-z]\((?:[A-Za-z\d]{1,3}(?:,\s?[A-Za-z\d]{1,3})*)\)|\b[a-z]\w*\([a-z](?:,\s?[a-z])*\)|\b[A-Za-z]_\w|"
    r"\b[A-Za-z]['′]\B"
)
# A symbol standing alone as a word ("non-linearities ρ", "μ and σ are computed"): a formula's variable, never
# a word of prose ("β-blockers" and "TNF-α" are words).
GREEK_SYMBOL = re.compile(r"(?<![\w-])[α-ωΑ-Ω](?![\w-])")
# A lone capital letter as a sentence's subject ("P has a bivalent initial configuration."): a variable.
LETTER_SUBJECT = re.compile(r"^[B-HJ-Z]\s+(?:is|are|was|has|can|cannot|must|may|will|does|[a-z]+s)\b")
VARIABLE = re.compile(r"(?<![\w'’.(°-])(?<!\d\s)(?<!°\s)(?:[b-z](?![\w'’)-]|\.\w)|[B-HJ-Z](?![\w'’.()-]))")
PROOF_STEP = re.compile(
    r"^(?:if|suppose|assume|let|then|since|hence|thus|therefore|consider|otherwise|clearly|now|case|"
    r"it follows|note that|by (?:induction|definition|construction|lemma|theorem|assumption|the (?:induction|"
    r"inductive) hypothesis)|without loss of generality|w\.l\.o\.g\.)\b",
    re.I,
)
