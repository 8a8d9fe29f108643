import ast
import json
from pathlib import Path

import pytest

from summarizer.lab.junk import RULES, junk_reasons
from summarizer.text.sentences import split_sentences

MANIFEST = Path(__file__).resolve().parents[4] / "shared" / "eval" / "papers" / "manifest.jsonl"

EXAMPLES = {
    "dot leaders": "2.1 Atoms and objects . . . . . . . . . . . . . . . 14",
    "copyright": "Permission to make digital or hard copies of all or part of this work is granted without fee.",
    "symbols": "D i /= f 0/;;/:/:/:/;;B /; /1 g 12 34 %$ ## 99.",
    "url": "The code is available at https://github.com/example/project.",
    "fragment": "and random replication reduces the probability of loss by half in practice.",
    "short": "Applications are discussed.",
    "glued words": "Thestructureofouralgorithmconsistsiniterativelyrunningrandomsimulations of games.",
    "split letters": "T h e system stores every block three times on separate racks.",
    "reference": "Patterson, E. S., Woods, D. D., Sarter, N. B., & Watts-Perotti, J. C. (1998).",
    "heading": "3.2 Data Locality through Delay Scheduling In this experiment, we evaluated placement.",
    "caption": "Figure 3: Data loss probability when 1% of the nodes fail simultaneously.",
    "keywords": "Keywords: data cleaning, data tidying, relational databases, R.",
    "code": "The loop runs while (x != null && x.next == y) and then returns the head.",
    "footnote": "This work was performed while the author was working at Google, Inc.",
    "back reference": "Recall that every replica keeps its own copy of the log on disk.",
    "lost symbols": "The modulus is then 9829739 and the key is found after one round.",
    "venue": "To appear in OSDI 2004 and in the proceedings of the later workshop.",
    "notation": "If counterp[p] is bounded by the number of rounds, the process stops.",
    "photo caption": "The Rack City rapper poses in the dressing room alongside the midfielder.",
}

MORE_JUNK = [
    ("[12] Jeffrey Dean and Sanjay Ghemawat. MapReduce: simplified data processing on large clusters.", "reference"),
    ("In Proceedings of the 19th ACM Symposium on Operating Systems Principles, pages 29-43, 2003.", "reference"),
    ("1The authors were supported by a grant from the national science foundation.", "heading"),
    ("EPIDEMIC ALGORITHMS FOR REPLICATED DATABASE MAINTENANCE and anti-entropy on the topology.", "heading"),
    ("Table 1. The parameters of the four clusters used in the experiments.", "caption"),
    ("Categories and Subject Descriptors: C.2.4 [Distributed Systems]: Distributed databases", "keywords"),
    ("Replication; consistency; availability; fault tolerance; Paxos", "keywords"),
    ("jim.waldo@east.sun.com geoff.wyant@east.sun.com", "url"),
    ("Lemma 9 For 1 ≤ s ≤ k, u < 1 4σ2∗ and A ⊆ [d], let fs (A) = Er [ exp ( u Zs ) ] .", "code"),
    ("This work is licensed under the Creative Commons BY-NC-ND 4.0 International License.", "copyright"),
    ("City manager Manuel Pellegrini (third from right) also attends the stadium on Monday night.", "photo caption"),
    ("Louis Jordan, second from left, walks from the Coast Guard helicopter to the hospital.", "photo caption"),
    ("David Rowles snaps the gang, from left to right: Steve Harvey Taylor and Gareth Edwards.", "photo caption"),
    ("The couple can wed at 18. Above, women and girls sit waiting to be married.", "photo caption"),
    ("Brazil legend Pele and Arsenal midfielder Jack Wilshere pose for a photo during the launch.", "photo caption"),
    ("One-year-old Malaja (left and right) was shot in the head as she sat in a car.", "photo caption"),
    ("The map above shows the countries in Europe with the most searches per capita.", "photo caption"),
    ("A senior militant is seen giving the graduates a final lecture before they are sent off.", "photo caption"),
]

NEWS_PROSE = [
    "Barcelona's coach is well aware of the threat posed by the magical Argentine.",
    "The bear will soon become a massive beast that will pose a danger to the family.",
    "Fans would pose for photos with the striker outside the ground, he said.",
    "Above all, the mayor wants to stay in office for another term, friends said.",
    "The senator is seen as the favourite to win the nomination next year.",
    "But it did not matter because people were being killed left and right.",
]


@pytest.mark.parametrize("sentence", NEWS_PROSE)
def test_a_storys_own_sentence_is_not_a_photo_caption(sentence):
    assert "photo caption" not in junk_reasons(sentence)


PROSE = [
    "We present Copyset Replication, a novel general-purpose replication technique that significantly "
    "reduces the frequency of data loss events.",
    "For Facebook’s HDFS cluster, it reduces the probability from 22.8% to 0.78%.",
    "Dapper shares conceptual similarities with other tracing systems, particularly Magpie [3] and X-Trace [12].",
    "The Async extensions of F# [12], C# [1], and Scala [6] provide language support for programming with futures.",
    "Interestingly, futures and promises play an important role in languages like Java, C++, and Scala.",
    "Since the creation of Bitcoin (Nakamoto 2008), proof-of-work has been the predominant design.",
    "The expected number of routing steps is O(log N), where N is the number of Pastry nodes in the network.",
    "Figure 4 shows the delivery latency for all protocols after failures for three failure percentages.",
    "In a synchronous system, there is a known fixed upper bound on the time required for a message to be sent.",
    "iOS applications keep their state in a sandbox that the operating system cleans up on demand.",
    "The application of Clark’s work on joint activity to CSCW is being pursued by others (e.g., Carroll et al., 2003).",
]


@pytest.mark.parametrize("rule", [name for name, _ in RULES])
def test_each_rule_fires_on_its_example(rule):
    assert rule in junk_reasons(EXAMPLES[rule])


@pytest.mark.parametrize("sentence, rule", MORE_JUNK)
def test_more_junk_is_caught(sentence, rule):
    assert rule in junk_reasons(sentence)


@pytest.mark.parametrize("sentence", PROSE)
def test_prose_is_not_junk(sentence):
    assert junk_reasons(sentence) == []


@pytest.mark.evaldata
def test_fires_on_at_most_one_percent_of_real_abstract_sentences():
    sentences = [
        s.text
        for line in MANIFEST.read_text(encoding="utf-8").splitlines()
        if line.strip()
        for s in split_sentences(json.loads(line)["abstract"])
    ]
    flagged = [s for s in sentences if junk_reasons(s)]
    assert len(sentences) > 200
    assert len(flagged) <= 0.01 * len(sentences), flagged


def test_engines_do_not_import_the_detector():
    package = Path(__file__).resolve().parents[3] / "summarizer"
    importers = set()
    for module in package.rglob("*.py"):
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            names = (
                [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else []
            )
            if (
                any(name.split(".")[-1] == "junk" for name in names)
                or isinstance(node, ast.ImportFrom)
                and any(a.name == "junk" for a in node.names)
            ):
                importers.add(module.stem)
    assert importers == {"papers", "evaluation"}
